extension DayFileFormatter {
  /// Whether `bytes` are certainly in canonical form already, found without building entries: no
  /// BOM, LF line ends, no blank line, a final newline, and every line one the fast scanner accepts
  /// (a valid entry), canonical (`CanonicalLine`) and not before the line above it. `false` only
  /// means "format it to know" (`format`). This is what lets `fmt` and `fmt --check` run at the
  /// speed of reading a journal: a formatted file is only scanned.
  public static func isFormatted(_ bytes: [UInt8]) -> Bool {
    guard let last = bytes.last else { return true }
    guard last == UInt8(ascii: "\n"), !bytes.starts(with: DayFileContents.byteOrderMark) else { return false }
    var scanner = EntryLineScanner()
    var sink = LastEntry()
    return bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      var number = 1
      var previous: (seconds: Int, nanosecond: Int, id: Slice<UnsafeBufferPointer<UInt8>>)?
      while start < buffer.count {
        var end = start
        while buffer[end] != UInt8(ascii: "\n") { end += 1 }
        let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
        guard !line.isEmpty, line[line.count - 1] != UInt8(ascii: "\r"),
          scanner.scan(line, lineNumber: number, offset: start, limits: .default, timeZone: .asWritten, into: &sink),
          CanonicalLine.isCanonical(line)
        else { return false }
        let key = sortKey(sink.timestamp)
        let id = buffer[start + sink.id.lowerBound..<start + sink.id.upperBound]
        if let previous {
          if (previous.seconds, previous.nanosecond) > (key.seconds, key.nanosecond) { return false }
          // Equal times go by id (ids here are ASCII, so bytes order them as `String` does).
          if (previous.seconds, previous.nanosecond) == (key.seconds, key.nanosecond),
            id.lexicographicallyPrecedes(previous.id)
          {
            return false
          }
        }
        previous = (key.seconds, key.nanosecond, id)
        start = end + 1
        number += 1
      }
      return true
    }
  }
}

/// The timestamp and id (a byte range of its line) of the last entry the fast scanner accepted.
private struct LastEntry: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  var timestamp = Timestamp(localDate: CivilDate(dayNumber: 0), secondOfDay: 0, utcOffsetSeconds: nil)
  var id = 0..<0

  mutating func beginFile(_ path: String, byteCount: Int) {}

  mutating func add(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>, offset: Int
  ) {
    timestamp = entry.timestamp
    // An id is never escaped in a line the scanner accepts, so it is a span of the line.
    id = entry.id.range
  }

  /// Never called: only the fast scanner feeds this sink.
  mutating func add(_ row: TableRow, offset: Int) {}
}
