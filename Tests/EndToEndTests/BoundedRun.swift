import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of the built `demeter-report` with a hang guard and its peak memory measured.
///
/// Why not `posix_spawn` + `wait4` directly: on Linux `execve` records the high-water RSS of the
/// address space it replaces in the new program's `ru_maxrss`, and a child made by `posix_spawn`
/// (`vfork`) or `fork` execs out of a copy of the test runner, so `wait4` would report at least the
/// runner's own peak (hundreds of MB once a 100 MB journal was generated). The tool is therefore started
/// by a few lines of `python3` that `fork` and `exec` it (the tool's process then starts from Python's
/// small address space) and write its `wait4` status and `ru_maxrss` to a file. Without `python3` the
/// tool is started directly and `peakBytes` is nil (the memory bound is then not checked).
///
/// The whole process group is killed after `timeout` seconds: a guard against hangs, not a timing
/// assertion (`timedOut` says it happened).
struct BoundedRun {
  /// The exit status, or nil if the process was ended by a signal.
  var status: Int32?
  /// The signal that ended the process, if one did.
  var signal: Int32?
  var timedOut: Bool
  var stdout: String
  var stderr: String
  /// The tool's peak resident memory in bytes (nil without `python3`).
  var peakBytes: Int?

  /// stderr split into lines (without the final empty one).
  var stderrLines: [String] {
    stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// The environment of `ToolRun.run`: no user settings, no parse cache written.
  static let environment = [
    "PATH=/usr/bin:/bin", "LANG=C", "TZ=Pacific/Chatham", "DEMETER_NO_CACHE=1",
  ]

  static let python3 = ToolRun.findExecutable("python3")

  /// `setpriv`, to run the tool as an unprivileged user when the tests run as root.
  static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether the tool can be run as a user that file modes apply to: the tests do not run as root,
  /// or `setpriv` can drop to nobody (65534).
  static let canRunUnprivileged = geteuid() != 0 || setpriv != nil

  /// Forks, execs argv[2:], waits, and writes "wait-status maxrss-in-KiB" to argv[1].
  static let measuringScript = """
    import os, sys
    pid = os.fork()
    if pid == 0:
        try:
            os.execv(sys.argv[2], sys.argv[2:])
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    with open(sys.argv[1], "w") as out:
        out.write("%d %d" % (status, usage.ru_maxrss))
    """

  /// `prlimit`, to cap the tool's address space.
  static let prlimit: String? = ["/usr/bin/prlimit", "/bin/prlimit"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Runs `demeter-report arguments…` (as nobody when `unprivileged` and the tests run as root), with
  /// `environment` (`NAME=value`) added to or replacing `BoundedRun.environment`, its address space capped at
  /// `addressSpace`
  /// bytes when given (through `prlimit`, if there is one: an allocation past the cap fails, so a run
  /// that needed more memory ends by a signal), and standard input read from the file `stdin`.
  static func run(
    _ arguments: [String], unprivileged: Bool = false, timeout: Double = 60, environment: [String] = [],
    addressSpace: Int? = nil, stdin: String = "/dev/null"
  ) throws -> BoundedRun {
    var command = [ToolRun.binary.path] + arguments
    if let addressSpace, let prlimit {
      command = [prlimit, "--as=\(addressSpace)", "--"] + command
    }
    if unprivileged, geteuid() == 0, let setpriv {
      command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
    }
    let scratch = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("stdout").path
    let errPath = scratch.appendingPathComponent("stderr").path
    let resultPath = scratch.appendingPathComponent("result").path
    if let python3 {
      command = [python3.path, "-I", "-S", "-c", measuringScript, resultPath] + command
    }
    func name(_ variable: String) -> Substring { variable.prefix { $0 != "=" } }
    let replaced = Set(environment.map(name))
    let (waitStatus, timedOut) = try spawnAndWait(
      command, environment: Self.environment.filter { !replaced.contains(name($0)) } + environment,
      stdin: stdin, stdout: outPath, stderr: errPath, timeout: timeout)
    var status = waitStatus
    var peakBytes: Int?
    if python3 != nil, !timedOut {
      let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ")
      if fields.count == 2, let childStatus = Int32(fields[0]), let kilobytes = Int(fields[1]) {
        status = childStatus
        peakBytes = kilobytes * 1024
      } else {
        Issue.record("the measuring python3 wrote no result (its own wait status \(waitStatus))")
      }
    }
    let exited = status & 0x7f == 0
    return BoundedRun(
      status: exited ? (status >> 8) & 0xff : nil, signal: exited ? nil : status & 0x7f, timedOut: timedOut,
      stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
      stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
      peakBytes: peakBytes)
  }

  /// Starts `command` (with `environment`) in its own process group with stdin from the file `stdin`
  /// and stdout and stderr into files; polls for its end and kills the group after `timeout` seconds.
  /// Returns the raw wait status.
  private static func spawnAndWait(
    _ command: [String], environment: [String], stdin: String, stdout: String, stderr: String, timeout: Double
  ) throws -> (status: Int32, timedOut: Bool) {
    try wait(
      for: spawn(command, stdin: stdin, stdout: stdout, stderr: stderr, environment: environment),
      timeout: timeout)
  }

  /// Starts `command` in its own process group with stdin from the file `stdin` (default
  /// /dev/null), stdout and stderr into files, `environment` (default: `BoundedRun.environment`), and
  /// signals as a shell leaves them (none blocked, SIGINT, SIGTERM and SIGHUP not ignored), whatever
  /// this thread blocks.
  static func spawn(
    _ command: [String], stdin: String = "/dev/null", stdout: String, stderr: String,
    environment: [String] = environment
  ) throws -> pid_t {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var terminating = sigset_t()
    sigemptyset(&terminating)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&terminating, signal) }
    posix_spawnattr_setsigdefault(&attributes, &terminating)
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw SpawnError(message: "cannot start \(command[0]): \(String(cString: strerror(spawned)))")
    }
    return pid
  }

  /// Polls for the end of `pid` (started by `spawn`) and kills its group after `timeout` seconds.
  /// Returns the raw wait status.
  static func wait(for pid: pid_t, timeout: Double) throws -> (status: Int32, timedOut: Bool) {
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return (status, false) }
      if reaped < 0, errno != EINTR {
        throw SpawnError(message: "waitpid: \(String(cString: strerror(errno)))")
      }
      if Date() > deadline {
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status, true)
      }
      usleep(2_000)
    }
  }

  struct SpawnError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}

/// The diagnostics `check` printed (manual: command-line): each is `path:line:column: severity: message`, then,
/// when the line is known, the line (or a window of it) and a caret line. Anything else on stderr
/// except the final count is "stray": an unlocated message.
struct CheckOutput {
  struct Headline: Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var column: Int
    var severity: String
    var message: String
    var description: String { "\(path):\(line):\(column): \(severity): \(message)" }
  }

  var headlines: [Headline] = []
  /// Lines that belong to no located diagnostic.
  var stray: [String] = []
  /// `demeter-report: N errors in the journal`, when there were errors.
  var errorTotal: String?

  init(stderrLines lines: [String]) {
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if let match = line.wholeMatch(of: /(.+):([0-9]+):([0-9]+): (error|warning): (.+)/) {
        headlines.append(
          Headline(
            path: String(match.output.1), line: Int(match.output.2)!, column: Int(match.output.3)!,
            severity: String(match.output.4), message: String(match.output.5)))
        let hasExcerpt = index + 2 < lines.count && lines[index + 2].wholeMatch(of: /\ *\^/) != nil
        index += hasExcerpt ? 3 : 1
      } else if line.wholeMatch(of: /demeter-report: [0-9]+ errors? in the journal/) != nil {
        errorTotal = line
        index += 1
      } else {
        stray.append(line)
        index += 1
      }
    }
  }
}
