#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's one-minute load average: other work on the machine slows every measurement, so the
/// output states it.
enum MachineLoad {
  static func oneMinute() -> Double? {
    var averages = [Double](repeating: 0, count: 1)
    return getloadavg(&averages, 1) == 1 ? averages[0] : nil
  }
}
