#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of another program as a whole process: its wall time and its own peak memory.
struct ChildProcess: Sendable {
  var seconds: Double
  /// The child's peak resident set size (`wait4` ru_maxrss), in bytes.
  var peakBytes: Int

  /// Runs `arguments` (the first found on `PATH`) with its output discarded; fails on a non-zero exit.
  static func run(_ arguments: [String]) throws(BenchError) -> ChildProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let start = MonotonicClock.now()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchError("cannot run \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchError("cannot wait for \(arguments[0])") }
    }
    let seconds = MonotonicClock.now() - start
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
      throw BenchError("\(arguments.joined(separator: " ")) failed (status \(status))")
    }
    return ChildProcess(seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024)
  }
}
