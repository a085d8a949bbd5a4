import DemeterFoundation
import DemeterJournal

/// The entry sink of an export's entries (`ExportedEntry`): every entry of one day file (the lines
/// of repeated ids left out), read once, by the fast scanner or the strict path, each giving the
/// same values (a strictly read entry's stated keys are those the line states with a value).
struct EntryExportSink: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  private(set) var entries: [ExportedEntry] = []
  /// The lines not exported (repeated ids).
  let excludedLines: Set<Int>
  private var path = ""

  static var keepsRawDescription: Bool { true }
  static var keepsTagsAndNote: Bool { true }

  init(excludedLines: Set<Int>) {
    self.excludedLines = excludedLines
  }

  mutating func beginFile(_ path: String, byteCount: Int) {
    self.path = path
    entries.reserveCapacity(byteCount / DayFileParser.typicalLineBytes + 1)
  }

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    guard !excludedLines.contains(entry.line) else { return }
    func text(_ span: ByteSpan) -> String {
      String(
        decoding: UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range]), as: UTF8.self)
    }
    let row = Entry(entry, line: line, decoded: decoded, states: entry.states)
    entries.append(
      ExportedEntry(row: row, path: path, tags: entry.tags.map(text), note: entry.note.map(text)))
  }
}
