import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with `posix_spawn` (no shell), feeding it bytes on standard input and collecting
/// its standard output and standard error, all three through pipes served by one `poll` loop, so
/// that neither side ever blocks on a full pipe.
///
/// The child gets `argv[0]` = the path and no other arguments, the given environment, its own
/// process group (as Foundation's `Process` did) and no other open file descriptors of this process.
enum ChildProcess {
  enum Termination: Equatable {
    case exit(Int32)
    case signal(Int32)
  }

  struct Result {
    var termination: Termination
    var standardOutput: [UInt8]
    var standardError: [UInt8]
  }

  /// The program could not be started; `code` is the `errno` value.
  struct StartError: Error, Equatable {
    var code: Int32
  }

  /// How many times a start that fails with `ETXTBSY` is tried, waiting 2, 4, 8 … ms in between.
  static let textFileBusyAttempts = 10

  /// Runs the program at `path` with `environment` (`NAME=value` entries) and waits for it. A
  /// program that was just written (installed while we start it, or still open for writing in a
  /// process forked by another thread) cannot be executed yet (`ETXTBSY`): that start is retried
  /// a few times before giving up.
  static func run(_ path: String, input: [UInt8], environment: [String]) throws(StartError) -> Result {
    var attempt = 0
    while true {
      do {
        return try runOnce(path, input: input, environment: environment)
      } catch  where error.code == ETXTBSY && attempt + 1 < textFileBusyAttempts {
        usleep(UInt32(2000 << attempt))
        attempt += 1
      }
    }
  }

  /// The reason for a start error, as `strerror` words it (`No such file or directory`).
  static func describe(_ error: StartError) -> String {
    AtomicFileWriter.reason(error.code)
  }

  private static func runOnce(_ path: String, input: [UInt8], environment: [String]) throws(StartError)
    -> Result
  {
    // Standard input's read and write ends, then standard output's, then standard error's.
    var fds: [Int32] = []
    defer { for fd in fds where fd >= 0 { close(fd) } }
    for _ in 0..<3 {
      let (read, write) = try makePipe()
      fds += [read, write]
    }
    let pid = try spawn(path, environment: environment, standardStreams: [fds[0], fds[3], fds[5]])
    // This process keeps only its own ends (the exchange closes them), so the child's exit ends the
    // output streams.
    for index in [0, 3, 5] { close(fds[index]) }
    let (parentInput, parentOutput, parentError) = (fds[1], fds[2], fds[4])
    fds = []
    let (output, error) = PipeExchange.run(
      input: input, inputFD: parentInput, outputFD: parentOutput, errorFD: parentError)
    return Result(termination: waitForExit(pid), standardOutput: output, standardError: error)
  }

  // MARK: - Steps

  /// A pipe (read end, write end), both ends close-on-exec.
  private static func makePipe() throws(StartError) -> (Int32, Int32) {
    var fds: [Int32] = [-1, -1]
    let created = fds.withUnsafeMutableBufferPointer { buffer in
      #if canImport(Glibc)
        if let pipe2 = SpawnSupport.pipe2 { return pipe2(buffer.baseAddress, O_CLOEXEC) }
      #endif
      guard pipe(buffer.baseAddress) == 0 else { return Int32(-1) }
      for fd in buffer { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      return 0
    }
    guard created == 0 else { throw StartError(code: errno) }
    return (fds[0], fds[1])
  }

  /// Starts the program with `standardStreams` as its descriptors 0, 1 and 2.
  private static func spawn(_ path: String, environment: [String], standardStreams: [Int32])
    throws(StartError) -> pid_t
  {
    let actions = SpawnSupport.FileActions()
    let attributes = SpawnSupport.Attributes()
    for (target, fd) in standardStreams.enumerated() { actions.duplicate(fd, to: Int32(target)) }
    actions.closeOthers()
    var pid = pid_t()
    let status = SpawnSupport.withCStrings([path]) { argv in
      SpawnSupport.withCStrings(environment) { envp in
        actions.withPointer { actionsPointer in
          attributes.withPointer { attributesPointer in
            posix_spawn(&pid, path, actionsPointer, attributesPointer, argv, envp)
          }
        }
      }
    }
    guard status == 0 else { throw StartError(code: status) }
    return pid
  }

  /// Waits for `pid` and decodes its wait status.
  private static func waitForExit(_ pid: pid_t) -> Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? .exit((status >> 8) & 0xFF) : .signal(signal)
  }
}
