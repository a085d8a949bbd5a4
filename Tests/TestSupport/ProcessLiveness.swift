import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether processes still run, for tests that check that nothing a command started outlives it.
public enum ProcessLiveness {
  /// Whether `pid` is a running process: it exists and, on Linux, is not a zombie (a process that
  /// ended but that its new parent, here often a PID 1 that reaps nothing, has not reaped).
  public static func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 || errno == EPERM else { return false }
    #if os(Linux)
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let nameEnd = stat.lastIndex(of: ")")
      else { return false }
      // `PID (NAME) STATE …`
      return stat[nameEnd...].dropFirst(2).first != "Z"
    #else
      return true
    #endif
  }

  /// The processes of `pids` still running once they have all ended or `bound` seconds have
  /// passed (a guard against waiting forever, not a timing assertion).
  public static func stillRunning(_ pids: [pid_t], waitingAtMost bound: Double = 30) -> [pid_t] {
    let giveUp = Date().addingTimeInterval(bound)
    while true {
      let running = pids.filter(isRunning)
      if running.isEmpty || Date() > giveUp { return running }
      usleep(10_000)
    }
  }

  /// The process ids a test program wrote to `path` (`PID PID …`), once the file exists (nil when
  /// it does not appear within `bound` seconds).
  public static func pids(writtenTo path: String, waitingAtMost bound: Double = 60) -> [pid_t]? {
    let giveUp = Date().addingTimeInterval(bound)
    while Date() <= giveUp {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") {
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }
      }
      usleep(10_000)
    }
    return nil
  }
}
