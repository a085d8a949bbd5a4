#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The wall clock (`clock_gettime(CLOCK_REALTIME)`).
public enum SystemClock {
  /// Now, in whole seconds since 1970-01-01T00:00:00Z (rounded down, also before 1970).
  public static func unixSeconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec)
  }
}
