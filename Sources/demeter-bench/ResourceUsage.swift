#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's resource usage so far (`getrusage(RUSAGE_SELF)`), for CPU time and peak memory.
enum ResourceUsage {
  static func now() -> rusage {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
  }
}
