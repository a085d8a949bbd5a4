#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall time from `clock_gettime(CLOCK_MONOTONIC)`: never steps back, unaffected by clock changes.
enum MonotonicClock {
  /// Seconds since an arbitrary fixed point (boot).
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }

  /// Runs `body` once; its result and the wall time it took, in seconds.
  static func time<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> (
    value: Value, seconds: Double
  ) {
    let start = now()
    let value = try body()
    return (value, now() - start)
  }
}
