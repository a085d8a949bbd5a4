#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU time the process has used (user + system, all threads), from `getrusage`. Beside wall time it
/// shows how parallel a stage ran, and it moves less than wall time when other work shares the machine.
enum ProcessorTime {
  static func seconds() -> Double {
    let usage = ResourceUsage.now()
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
