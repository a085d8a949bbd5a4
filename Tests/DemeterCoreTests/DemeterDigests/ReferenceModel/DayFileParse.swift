@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// What parsing one or more day files gave: their rows as a partial table and every problem met.
struct DayFileParse: Sendable, EntrySink {
  var table = EntryTable()
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  /// The byte offset in its file of each row's line (for one file's parse).
  var rowOffsets: [Int] = []

  static var keepsRawDescription: Bool { true }

  mutating func beginFile(_ path: String, byteCount: Int) {
    table.beginFile(path)
    table.reserveCapacity(forMoreRows: byteCount / DayFileParser.typicalLineBytes + 1)
  }

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    table.append(entry, line: line, decoded: decoded)
    rowOffsets.append(offset)
  }
}
