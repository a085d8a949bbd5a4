#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's peak resident set size (`getrusage` `ru_maxrss`), and a way to measure one stage's peak.
enum MemoryUsage {
  /// The highest resident set size, in bytes, since the process started or since the last
  /// successful `resetPeak()`.
  static func peakBytes() -> Int {
    let usage = ResourceUsage.now()
    #if canImport(Darwin)
      return Int(usage.ru_maxrss)  // bytes on macOS
    #else
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }

  /// Lowers the peak to the current resident set size, so the next `peakBytes()` is the peak of what
  /// ran in between (Linux ≥ 4.0: `echo 5 > /proc/self/clear_refs`). False where that is not possible;
  /// peaks are then the process's peaks since it started.
  @discardableResult
  static func resetPeak() -> Bool {
    #if os(Linux)
      let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var command = UInt8(ascii: "5")
      return write(descriptor, &command, 1) == 1
    #else
      return false
    #endif
  }

  /// Whether `resetPeak()` works here (checked once).
  static let canResetPeak: Bool = resetPeak()
}
