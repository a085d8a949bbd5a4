#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This process's standard input.
public enum StandardInput {
  /// Every byte up to the end of standard input (what was read before an error, on an error).
  public static func readAll() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 || errno != EINTR {
        return bytes
      }
    }
  }
}
