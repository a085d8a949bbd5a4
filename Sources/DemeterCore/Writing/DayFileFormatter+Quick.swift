import DemeterFoundation
import DemeterJournal

extension DayFileFormatter {
  /// The canonical bytes of a day file (what `format` gives), made without building entries when
  /// every non-blank line is one the fast scanner accepts (a valid entry with only known keys):
  /// each line written again from its bytes (`CanonicalLineWriter`), sorted as `format` sorts.
  /// nil when a line is not such a line; `format` then decides. This is what lets `fmt` and
  /// `fmt --check` run at the speed of reading a journal.
  public static func quickFormat(_ bytes: [UInt8]) -> [UInt8]? {
    switch quickPass(bytes, checkOnly: false) {
    case nil: return nil
    case .same?: return bytes
    case .changed(let text)?: return text
    }
  }

  /// Whether `bytes` are in canonical form (what `quickFormat(bytes) == bytes` says), found with
  /// less work: lines after the first one that changes are only scanned, not written again; nil
  /// when `quickFormat` gives nil.
  public static func quickCheck(_ bytes: [UInt8]) -> Bool? {
    quickPass(bytes, checkOnly: true).map { $0 == .same }
  }

  /// What a quick pass over a file found: no change, or a change (the canonical bytes, unless the
  /// pass only checked).
  private enum QuickPass: Equatable {
    case same
    case changed([UInt8]?)
  }

  private static func quickPass(_ bytes: [UInt8], checkOnly: Bool) -> QuickPass? {
    var scanner = EntryLineScanner()
    var sink = LastEntry()
    var writer = CanonicalLineWriter()
    return bytes.withUnsafeBufferPointer { buffer -> QuickPass? in
      /// The canonical lines (not kept when only checking).
      var text: [UInt8] = []
      if !checkOnly { text.reserveCapacity(buffer.count) }
      /// One line's canonical form when it is not the line's own bytes.
      var rewritten: [UInt8] = []
      /// The length of the canonical text so far.
      var position = 0
      /// Each line's sort key and where its canonical form is in `text`.
      var lines: [(seconds: Int, nanosecond: Int, id: Range<Int>, text: Range<Int>)] = []
      var sorted = true
      /// Whether the canonical text differs from the file's first `position` bytes (then, when
      /// only checking, lines are no longer written).
      var differs = false
      for line in JournalLines(buffer) where !buffer.isBlank(line.range) {
        let lineBytes = UnsafeBufferPointer(rebasing: buffer[line.range])
        guard
          scanner.scan(
            buffer, lineStart: line.range.lowerBound, lineNumber: line.number, limits: .default,
            timeZone: .asWritten, into: &sink) != nil
        else { return nil }
        let start = text.count
        if !(checkOnly && differs) {
          if CanonicalLineWriter.isCanonical(lineBytes) {
            if !checkOnly { text.append(contentsOf: lineBytes) }
            // The same bytes: the file differs only if the line is elsewhere or not ended by "\n".
            let end = line.range.upperBound
            differs =
              differs || line.range.lowerBound != position || end >= buffer.count
              || buffer[end] != UInt8(ascii: "\n")
            position += lineBytes.count + 1
          } else {
            rewritten.removeAll(keepingCapacity: true)
            guard writer.append(lineBytes, to: &rewritten) else { return nil }
            let end = position + rewritten.count
            differs =
              differs || end >= buffer.count || !rewritten.elementsEqual(buffer[position..<end])
              || buffer[end] != UInt8(ascii: "\n")
            if !checkOnly { text += rewritten }
            position = end + 1
          }
          if !checkOnly { text.append(UInt8(ascii: "\n")) }
        }
        let key = sortKey(sink.timestamp)
        // An id is never escaped in a line the scanner accepts: it is a span of the line.
        let id = line.range.lowerBound + sink.id.lowerBound..<line.range.lowerBound + sink.id.upperBound
        if let last = lines.last,
          precedes((key.seconds, key.nanosecond, id), (last.seconds, last.nanosecond, last.id), in: buffer)
        {
          sorted = false
        }
        lines.append((key.seconds, key.nanosecond, id, start..<text.count))
      }
      if checkOnly { return differs || !sorted || position != buffer.count ? .changed(nil) : .same }
      if sorted { return position == buffer.count && !differs ? .same : .changed(text) }
      let order = lines.indices.sorted { a, b in
        if precedes(
          (lines[a].seconds, lines[a].nanosecond, lines[a].id),
          (lines[b].seconds, lines[b].nanosecond, lines[b].id), in: buffer)
        {
          return true
        }
        if precedes(
          (lines[b].seconds, lines[b].nanosecond, lines[b].id),
          (lines[a].seconds, lines[a].nanosecond, lines[a].id), in: buffer)
        {
          return false
        }
        return a < b
      }
      var output: [UInt8] = []
      output.reserveCapacity(text.count)
      for index in order { output += text[lines[index].text] }
      return .changed(output)
    }
  }

  /// `precedes` for lines known by their sort key and the bytes of their id (ids here are ASCII, so
  /// bytes order them as `String` does).
  private static func precedes(
    _ a: (seconds: Int, nanosecond: Int, id: Range<Int>),
    _ b: (seconds: Int, nanosecond: Int, id: Range<Int>),
    in buffer: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if a.seconds != b.seconds { return a.seconds < b.seconds }
    if a.nanosecond != b.nanosecond { return a.nanosecond < b.nanosecond }
    return buffer[a.id].lexicographicallyPrecedes(buffer[b.id])
  }
}

/// The timestamp and id (a byte range of its line) of the last entry the fast scanner accepted.
private struct LastEntry: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  var timestamp = Timestamp(localDate: CivilDate(dayNumber: 0), secondOfDay: 0, utcOffsetSeconds: nil)
  var id = 0..<0

  static var keepsRawDescription: Bool { false }
  static var keepsTagsAndNote: Bool { false }

  mutating func beginFile(_ path: String, byteCount: Int) {}

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    timestamp = entry.timestamp
    id = entry.id.range
  }
}
