import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `posix_spawn` plumbing of `ChildProcess`: file actions, attributes and C string arrays, each
/// reachable only inside a closure, and the glibc functions that Swift's Glibc module does not
/// declare (they need `_GNU_SOURCE`), looked up with `dlsym`.
enum SpawnSupport {
  #if canImport(Glibc)
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// `pipe2` (glibc 2.9), to create pipes close-on-exec at once.
    static let pipe2: Pipe2? = lookUp("pipe2", as: Pipe2.self)
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34).
    static let closeFrom: CloseFrom? = lookUp("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)

    private static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
      // RTLD_DEFAULT is a null handle in glibc.
      guard let symbol = dlsym(nil, name) else { return nil }
      return unsafeBitCast(symbol, to: type)
    }
  #endif

  /// The file actions the child performs before it runs the program.
  final class FileActions {
    #if canImport(Darwin)
      private var raw: posix_spawn_file_actions_t? = nil
    #else
      private var raw = posix_spawn_file_actions_t()
    #endif

    init() {
      posix_spawn_file_actions_init(&raw)
    }

    deinit {
      posix_spawn_file_actions_destroy(&raw)
    }

    /// The child's `target` becomes a copy of `fd`.
    func duplicate(_ fd: Int32, to target: Int32) {
      posix_spawn_file_actions_adddup2(&raw, fd, target)
    }

    /// The child opens `path` with `flags` as its descriptor `target`.
    func open(_ path: String, flags: Int32, as target: Int32) {
      posix_spawn_file_actions_addopen(&raw, target, path, flags, 0)
    }

    /// The child closes every descriptor from 3 on (on Darwin `Attributes` does this instead).
    func closeOthers() {
      #if canImport(Glibc)
        if let closeFrom = SpawnSupport.closeFrom {
          _ = closeFrom(&raw, 3)
          return
        }
        // Older C libraries: close what is open now.
        for name in DirectoryEntries.names(in: "/proc/self/fd") ?? [] {
          if let fd = Int32(name), fd >= 3 { posix_spawn_file_actions_addclose(&raw, fd) }
        }
      #endif
    }

    func withPointer<Result>(_ body: (UnsafePointer<RawActions>) -> Result) -> Result {
      withUnsafePointer(to: &raw, body)
    }

    #if canImport(Darwin)
      typealias RawActions = posix_spawn_file_actions_t?
    #else
      typealias RawActions = posix_spawn_file_actions_t
    #endif
  }

  /// The attributes of the child: the process group `group` (0: a new one of its own), and on
  /// Darwin no inherited descriptors.
  final class Attributes {
    #if canImport(Darwin)
      private var raw: posix_spawnattr_t? = nil
      typealias RawAttributes = posix_spawnattr_t?
    #else
      private var raw = posix_spawnattr_t()
      typealias RawAttributes = posix_spawnattr_t
    #endif

    init(group: pid_t = 0) {
      posix_spawnattr_init(&raw)
      var flags = Int16(POSIX_SPAWN_SETPGROUP)
      #if canImport(Darwin)
        flags |= Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
      #endif
      posix_spawnattr_setflags(&raw, flags)
      posix_spawnattr_setpgroup(&raw, group)
    }

    deinit {
      posix_spawnattr_destroy(&raw)
    }

    func withPointer<Result>(_ body: (UnsafePointer<RawAttributes>) -> Result) -> Result {
      withUnsafePointer(to: &raw, body)
    }
  }

  /// Starts `arguments[0]` with `arguments` as its argv.
  static func spawn(
    _ arguments: [String], environment: [String], actions: FileActions, attributes: Attributes
  ) throws(ChildProcess.StartError) -> pid_t {
    var pid = pid_t()
    let status = withCStrings(arguments) { argv in
      withCStrings(environment) { envp in
        actions.withPointer { actionsPointer in
          attributes.withPointer { attributesPointer in
            posix_spawn(&pid, arguments[0], actionsPointer, attributesPointer, argv, envp)
          }
        }
      }
    }
    guard status == 0 else { throw ChildProcess.StartError(code: status) }
    return pid
  }

  /// A pipe (read end, write end), both ends close-on-exec.
  static func makePipe() throws(ChildProcess.StartError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    let created = fds.withUnsafeMutableBufferPointer { buffer in
      #if canImport(Glibc)
        if let pipe2 { return pipe2(buffer.baseAddress, O_CLOEXEC) }
      #endif
      guard pipe(buffer.baseAddress) == 0 else { return Int32(-1) }
      for fd in buffer { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      return 0
    }
    guard created == 0 else { throw ChildProcess.StartError(code: errno) }
    return (fds[0], fds[1])
  }

  /// Waits for `pid` to end and reaps it.
  static func waitForExit(_ pid: pid_t) -> ChildProcess.Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return termination(status)
  }

  /// Reaps `pid` once it has ended, waiting until `deadline` at most; nil when it still runs then.
  static func waitForExit(_ pid: pid_t, until deadline: TimeLimit.Deadline) -> ChildProcess.Termination? {
    var status: Int32 = 0
    var pause = 0.001
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return termination(status) }
      if reaped < 0 && errno != EINTR { return nil }
      if deadline.hasPassed { return nil }
      usleep(UInt32(min(pause, deadline.remainingSeconds) * 1_000_000) + 1)
      pause = min(pause * 2, 0.025)
    }
  }

  /// A wait status decoded.
  private static func termination(_ status: Int32) -> ChildProcess.Termination {
    let signal = status & 0x7F
    return signal == 0 ? .exit((status >> 8) & 0xFF) : .signal(signal)
  }

  /// Calls `body` with `strings` as a null-terminated array of C strings (argv, envp).
  static func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
  ) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
