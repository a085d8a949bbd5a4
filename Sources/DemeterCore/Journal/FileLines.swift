#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads single lines of a file by byte offset, without reading the rest of it (a report's flagged
/// entries, read back from large day files).
enum FileLines {
  /// The lines starting at each of `offsets` in the regular file at `path` (without their line
  /// ends), each at most `limit` bytes; nil for an offset beyond the end or a longer line, and all
  /// nil if the file cannot be opened.
  static func lines(at offsets: [Int], in path: String, limit: Int) -> [[UInt8]?] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return offsets.map { _ in nil } }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return offsets.map { _ in nil } }
    return offsets.map { line(at: $0, descriptor: descriptor, limit: limit) }
  }

  private static func line(at offset: Int, descriptor: Int32, limit: Int) -> [UInt8]? {
    guard offset >= 0 else { return nil }
    var line: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while line.count <= limit {
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset + line.count)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return line.isEmpty || line.count > limit ? nil : trimmed(line) }
      if let end = chunk[..<count].firstIndex(of: UInt8(ascii: "\n")) {
        line += chunk[..<end]
        return line.count > limit ? nil : trimmed(line)
      }
      line += chunk[..<count]
    }
    return nil
  }

  private static func trimmed(_ line: [UInt8]) -> [UInt8] {
    line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
  }
}
