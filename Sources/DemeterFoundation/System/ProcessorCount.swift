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
    let key = Array("Cpus_allowed:".utf8)
    guard let line = procSelfStatus?.split(separator: UInt8(ascii: "\n")).first(where: { $0.starts(with: key) })
    else { return nil }
    let count = line.dropFirst(key.count).reduce(0) { $0 + (hexDigitValue($1)?.nonzeroBitCount ?? 0) }
    return count > 0 ? count : nil
  }

  private static func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The bytes of `/proc/self/status` (its size is not known before it is read).
  private static var procSelfStatus: [UInt8]? {
    let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return try? FileBytes.readToEnd(descriptor: descriptor, limit: .processStatus, input: "/proc/self/status")
  }
}
