import DemeterJournal

/// What an export writes for each entry it reads (manual: output): the entry's record (a CSV row,
/// a journal line) made straight from the entry as the day-file parser hands it on, its strings
/// spans of the line, no row or `String` per field made on the way
/// (`JournalDigests.forEachDate(ofRecordsIn:renderer:_:)`).
package protocol EntryRecordRenderer: Sendable {
  /// Appends the record of `entry`, read from `line` of the day file at `path` (UTF-8; its
  /// strings spans of `line` or of `decoded`), to `out`.
  func append(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    path: [UInt8],
    to out: inout [UInt8])
}
