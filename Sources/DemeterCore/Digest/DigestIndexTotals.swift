/// What a report of totals (`JournalLoadOptions.keepsDetail` false) needs from a digest index that
/// describes a journal's files exactly: every date's totals, and each file's problems, skipped
/// lines and dates. Read from the index's head in place: names are skipped, and neither the months
/// nor any blob is read.
struct DigestIndexTotals {
  /// The merged totals of each date, sorted by date.
  var days: [DigestTotals] = []
  /// The files' problems, in file order.
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  /// The dates each file holds entries for.
  var fileDays: [[Int32]] = []

  /// The totals of the index at `path` when it is whole, within `FileSizeLimit.cacheIndex`, made with
  /// `fingerprint`, its journal had no repeated id, and its records are exactly `files` (sorted by
  /// path, under `prefix`, the journal's path ending in `/`), each proven unchanged by its size and
  /// time: what `DigestCache.unchangedIndex(for:)` asks of a whole index. Else nil (the journal is
  /// then read through its cache as usual).
  /// - Complexity: the head's bytes, and one status call per file whose status is not known.
  init?(path: String, fingerprint: UInt64, prefix: String, files: [DayFile]) {
    guard let file = FileParts(path: path), file.count <= FileSizeLimit.cacheIndex.bytes,
      let head = try? DigestIndex.head(of: file, fingerprint: fingerprint).bytes
    else { return nil }
    let read = try? head.withCacheBytes { bytes throws(CacheFormatError) -> Bool in
      var reader = CacheReader(bytes)
      try reader.skipNames()
      guard try reader.flag(), try reader.fileCount() == files.count else { return false }
      fileDays.reserveCapacity(files.count)
      for file in files {
        let record = try reader.recordView(prefix: prefix)
        guard record.describesUnchanged(file, prefix: prefix) else { return false }
        diagnostics += record.diagnostics
        skippedLines += record.skippedLines
        fileDays.append(record.dates)
      }
      days = try reader.dayTotals()
      return true
    }
    guard read == true else { return nil }
  }
}
