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
/// The child gets `argv[0]` = the path and no other arguments, the given environment, no other open
/// file descriptors of this process, and a process group of its own, led by a
/// `ProcessGroupWatchdog`: the group is killed when this process dies (even by `SIGKILL`), when
/// the child outlives `Limits.time` or writes more than `Limits.outputBytes`, and when the child
/// has ended (whatever it left running in its group goes with it).
enum ChildProcess {
  enum Termination: Equatable {
    case exit(Int32)
    case signal(Int32)
  }

  /// Why the child's process group was killed before the child ended by itself.
  enum Stop: Equatable {
    /// It still ran (or held its output open) when the time limit passed.
    case timedOut
    /// It wrote more than `Limits.outputBytes` to standard output.
    case outputTooLarge
  }

  /// What a child may use up.
  struct Limits {
    /// How long it may run, from its start until it has ended and closed its output.
    var time: TimeLimit
    /// The most bytes of standard output it may write.
    var outputBytes: Int
    /// The most bytes of standard error kept (the rest is read and dropped).
    var errorBytes: Int
  }

  struct Result {
    var termination: Termination
    var standardOutput: [UInt8]
    var standardError: [UInt8]
    /// Set when the child was stopped.
    var stopped: Stop?
  }

  /// The program could not be started; `code` is the `errno` value.
  struct StartError: Error, Equatable {
    var code: Int32
  }

  /// How many times a start that fails with `ETXTBSY` is tried, waiting 2, 4, 8 … ms in between.
  static let textFileBusyAttempts = 10

  /// Runs the program at `path` with `environment` (`NAME=value` entries) and waits for it, within
  /// `limits`. A program that was just written (installed while we start it, or still open for
  /// writing in a process forked by another thread) cannot be executed yet (`ETXTBSY`): that start
  /// is retried a few times before giving up.
  static func run(_ path: String, input: [UInt8], environment: [String], limits: Limits) throws(StartError)
    -> Result
  {
    var attempt = 0
    while true {
      do {
        return try runOnce(path, input: input, environment: environment, limits: limits)
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

  private static func runOnce(_ path: String, input: [UInt8], environment: [String], limits: Limits)
    throws(StartError) -> Result
  {
    let deadline = limits.time.startingNow()
    let watchdog = try ProcessGroupWatchdog()
    defer { watchdog.finish() }
    // Standard input's read and write ends, then standard output's, then standard error's.
    var fds: [Int32] = []
    defer { for fd in fds where fd >= 0 { close(fd) } }
    for _ in 0..<3 {
      let (read, write) = try SpawnSupport.makePipe()
      fds += [read, write]
    }
    let pid = try spawn(
      path, environment: environment, standardStreams: [fds[0], fds[3], fds[5]], group: watchdog.group)
    // This process keeps only its own ends (the exchange closes them), so the child's exit ends the
    // output streams.
    for index in [0, 3, 5] { close(fds[index]) }
    let (parentInput, parentOutput, parentError) = (fds[1], fds[2], fds[4])
    fds = []
    let exchange = PipeExchange.run(
      input: input, inputFD: parentInput, outputFD: parentOutput, errorFD: parentError,
      deadline: deadline, outputLimit: limits.outputBytes, errorLimit: limits.errorBytes)
    var stopped = exchange.stopped
    let termination: Termination
    if stopped == nil, let ended = SpawnSupport.waitForExit(pid, until: deadline) {
      termination = ended
    } else {
      stopped = stopped ?? .timedOut
      watchdog.killGroup()
      termination = SpawnSupport.waitForExit(pid)
    }
    return Result(
      termination: termination, standardOutput: exchange.output, standardError: exchange.error,
      stopped: stopped)
  }

  /// Starts the program in `group` with `standardStreams` as its descriptors 0, 1 and 2.
  private static func spawn(_ path: String, environment: [String], standardStreams: [Int32], group: pid_t)
    throws(StartError) -> pid_t
  {
    let actions = SpawnSupport.FileActions()
    for (target, fd) in standardStreams.enumerated() { actions.duplicate(fd, to: Int32(target)) }
    actions.closeOthers()
    return try SpawnSupport.spawn(
      [path], environment: environment, actions: actions, attributes: SpawnSupport.Attributes(group: group))
  }
}
