#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads single lines of a file by byte offset, without reading the rest of it (a report's flagged
/// entries, read back from large day files).
package enum FileLines {
  /// How far past the last wanted offset the first read of a file reaches (most lines end within it).
  static let readAhead = 4096
  /// The most bytes one read takes: offsets further apart are read separately.
  static let maximumRead = 1 << 20

  /// The lines starting at each of `offsets` in the regular file at `path` (without their line
  /// ends), each at most `limit` bytes; nil for an offset beyond the end or a longer line, and all
  /// nil if the file cannot be opened. Offsets close together share one read: the bytes from the
  /// smallest to `readAhead` past the largest.
  package static func lines(at offsets: [Int], in path: String, limit: Int) -> [[UInt8]?] {
    var lines = [[UInt8]?](repeating: nil, count: offsets.count)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return lines }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return lines }
    var window = Window(descriptor: descriptor)
    let reach = (offsets.max() ?? 0) + readAhead
    for index in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) where offsets[index] >= 0 {
      lines[index] = window.line(at: offsets[index], limit: limit, reach: reach)
    }
    return lines
  }

  /// The bytes of one read, kept while the lines asked for next start inside them.
  private struct Window {
    package let descriptor: Int32
    package var bytes: [UInt8] = []
    /// The file offset of `bytes[0]`.
    package var start = 0

    /// The line at `offset`, read on past the window as far as it goes; a read that starts there
    /// takes the bytes up to `reach` (at least `readAhead`, at most `maximumRead`).
    package mutating func line(at offset: Int, limit: Int, reach: Int) -> [UInt8]? {
      var line: [UInt8] = []
      var position = offset
      while line.count <= limit {
        if position < start || position >= start + bytes.count {
          read(from: position, count: min(max(readAhead, reach - position), maximumRead))
          guard !bytes.isEmpty else { return line.isEmpty || line.count > limit ? nil : trimmed(line) }
        }
        let from = position - start
        if let end = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) {
          line += bytes[from..<end]
          return line.count > limit ? nil : trimmed(line)
        }
        line += bytes[from...]
        position = start + bytes.count
      }
      return nil
    }

    /// Replaces the window with up to `count` bytes from `offset` (none at the end or on an error).
    private mutating func read(from offset: Int, count: Int) {
      start = offset
      bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        var read = -1
        repeat {
          read = pread(descriptor, buffer.baseAddress, count, off_t(offset))
        } while read < 0 && errno == EINTR
        initialized = max(read, 0)
      }
    }
  }

  private static func trimmed(_ line: [UInt8]) -> [UInt8] {
    line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
  }
}
