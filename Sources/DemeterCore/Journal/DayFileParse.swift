/// What parsing one or more day files gave: their rows as a partial table and every problem met.
/// One file's parse is the unit the loader combines (and caches).
struct DayFileParse: Sendable {
  var table = EntryTable()
  var diagnostics: [Diagnostic] = []
  /// Non-blank lines not loaded because they have errors.
  var skippedLines = 0
  /// The byte offset in its file of each row's line (for one file's parse).
  var rowOffsets: [Int] = []

  /// Appends `other`'s rows and problems after this one's.
  mutating func append(_ other: DayFileParse) {
    table.append(contentsOf: other.table)
    diagnostics += other.diagnostics
    skippedLines += other.skippedLines
    rowOffsets += other.rowOffsets
  }
}
