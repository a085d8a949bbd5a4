#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processors this process may run on, read once: on Linux those its CPU affinity allows (as
/// `nproc` counts them, so under `taskset -c 0` or a container's CPU set a load starts as many
/// threads as there are processors for it), else every online one.
public enum ProcessorCount {
  public static let active: Int = allowed ?? online

  private static var online: Int {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return max(1, Int(sysconf(_SC_NPROCESSORS_ONLN)))
    #endif
  }

  /// The bits set in the `Cpus_allowed:` mask of `/proc/self/status` (hexadecimal digits in
  /// comma-separated groups); nil where there is no such file or line.
  private static var allowed: Int? {
    guard let status = procSelfStatus,
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
    else { return nil }
    let count = line.dropFirst("Cpus_allowed:".count).reduce(0) { count, digit in
      count + (Int(String(digit), radix: 16)?.nonzeroBitCount ?? 0)
    }
    return count > 0 ? count : nil
  }

  /// The text of `/proc/self/status` (its size is not known before it is read).
  private static var procSelfStatus: String? {
    let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      bytes += chunk[..<got]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
