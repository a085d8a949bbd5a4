import DemeterFoundation
import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a report of totals (`JournalLoadOptions.keepsDetail` false) needs from a digest index that
/// describes a journal's files exactly: every date's totals (and split, when asked), and each
/// file's problems, skipped lines and dates. Read from the index's head in place: names are skipped
/// unless a split's values are asked for, and neither the months nor any blob is read.
package struct DigestIndexTotals {
  /// The journal's day files, sorted by path.
  package var files = DayFileList.listed([])
  /// The merged totals of each date, sorted by date.
  package var days: [DigestTotals] = []
  /// Each date's split tallies (`DigestDetail.breakdown`), when asked for; else empty.
  package var splits: [[BreakdownTally]] = []
  /// The names the splits' codes refer to, when asked for; else empty.
  package var names = StringDictionary()
  /// The files' problems, in file order.
  package var diagnostics: [Diagnostic] = []
  package var skippedLines = 0
  /// The dates each file holds entries for.
  package var fileDays = FileDays()

  /// The totals of the index at `path` when it is whole, within `FileSizeLimit.cacheIndex`, made with
  /// `fingerprint`, its journal had no repeated id, and its records are exactly `files` (sorted by
  /// path, under `prefix`, the journal's path ending in `/`), each proven unchanged by its size and
  /// time: what `DigestCache.unchangedIndex(for:)` asks of a whole index; with `split`, each date's
  /// split too, which the index must keep. Else nil (the journal is then read through its cache as
  /// usual).
  /// - Complexity: the head's bytes, and one status call per file whose status is not known.
  package init?(path: String, fingerprint: UInt64, prefix: String, files: [DayFile], split: Bool) {
    let read = Self.readHead(path: path, fingerprint: fingerprint, split: split) {
      _, names, count, reader throws(CacheFormatError) in
      self.names = names
      guard count == files.count else { return false }
      return try readRecords(&reader, count: files.count, prefix: prefix, split: split) { position, record in
        DigestIndex.path(files[position].path, is: record.relativePath, under: prefix)
          && record.describesUnchanged(files[position])
      }
    }
    guard read == true else { return nil }
    self.files = .listed(files)
  }

  /// The totals of the index at `path`, as `init(path:fingerprint:prefix:files:)` gives them, without
  /// a search for the journal's files: when every folder the search that wrote the index saw still
  /// holds the same names (`FolderStamp`), the files are the index's own, each looked at in turn.
  /// - Complexity: the head's bytes, and one status call per folder and per file.
  package init?(path: String, fingerprint: UInt64, prefix: String, split: Bool) {
    var files = IndexedDayFiles(prefix: prefix, capacity: 0)
    let read = Self.readHead(path: path, fingerprint: fingerprint, split: split) {
      folders, names, count, reader throws(CacheFormatError) in
      self.names = names
      guard !folders.isEmpty, folders.allSatisfy({ $0.holdsTheSameNames(under: prefix) }) else {
        return false
      }
      files = IndexedDayFiles(prefix: prefix, capacity: count)
      var folder = OpenFolder(journal: prefix)
      defer { folder.release() }
      return try readRecords(&reader, count: count, prefix: prefix, split: split) { _, record in
        guard let status = folder.statusOfDayFile(at: record.relativePath),
          record.describesUnchanged(status)
        else { return false }
        files.append(relativePath: record.relativePath, status: status)
        return true
      }
    }
    guard read == true else { return nil }
    self.files = .indexed(files)
  }

  /// Reads the head of the index at `path` made with `fingerprint`, its flag of no repeated id set,
  /// with `body` given its folder stamps, its names (with `split`; else skipped), its count of files
  /// and the reader at the files; nil if the index cannot be read or is damaged.
  private static func readHead(
    path: String, fingerprint: UInt64, split: Bool,
    _ body: ([FolderStamp], StringDictionary, Int, inout CacheReader) throws(CacheFormatError) -> Bool
  ) -> Bool? {
    guard let file = FileParts(path: path), file.count <= FileSizeLimit.cacheIndex.bytes,
      let head = try? DigestIndex.head(of: file, fingerprint: fingerprint).bytes
    else { return nil }
    return try? head.withCacheBytes { bytes throws(CacheFormatError) -> Bool in
      var reader = CacheReader(bytes)
      let (folders, count) = (try reader.folderStamps(), try reader.fileCount())
      let names = split ? try reader.names() : StringDictionary()
      if !split { try reader.skipNames() }
      guard try reader.flag() else { return false }
      // With or without the digests' detail: totals (and the head's splits) are all this reads.
      _ = try reader.flag()
      return try body(folders, names, count, &reader)
    }
  }

  /// Reads `count` records and the dates' totals (and, with `split`, their splits); false when
  /// `describesItsFile(position, record)` is false for a record (its file is not at its path, or
  /// changed since), or a split is asked for and the index keeps none.
  private mutating func readRecords(
    _ reader: inout CacheReader, count: Int, prefix: String, split: Bool,
    describesItsFile: (Int, DigestIndex.RecordView) -> Bool
  ) throws(CacheFormatError) -> Bool {
    fileDays.reserveCapacity(files: count, dates: count)
    for position in 0..<count {
      let record = try fileDays.append { dates throws(CacheFormatError) in
        try reader.recordView(prefix: prefix, dates: &dates)
      }
      guard describesItsFile(position, record) else { return false }
      if !record.diagnostics.isEmpty { diagnostics += record.diagnostics }
      skippedLines += record.skippedLines
    }
    days = try reader.dayTotals()
    guard split else { return true }
    splits = try reader.daySplits(dayCount: days.count, nameCount: names.count)
    return splits.count == days.count
  }
}

/// The folder of the last day file looked at, kept open so the next file in it is looked up from it.
private struct OpenFolder {
  /// The journal's path ending in `/`.
  private let prefix: [UInt8]
  /// Its path inside the journal.
  private var relativePath: [UInt8] = []
  private var descriptor: Int32 = -1

  package init(journal prefix: String) {
    self.prefix = Array(prefix.utf8)
  }

  /// The status now of the file at `relativePath` in the journal, unless it is gone or a folder.
  /// The index names only files its search found named like day files.
  mutating func statusOfDayFile(at relativePath: UnsafeRawBufferPointer) -> FileStatus? {
    var nameStart = relativePath.count
    while nameStart > 0, relativePath[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
    let name = UnsafeRawBufferPointer(rebasing: relativePath[nameStart...])
    let folder = relativePath[..<nameStart]
    if descriptor < 0 || !folder.elementsEqual(self.relativePath) {
      release()
      self.relativePath = Array(folder)
      let folderPath = path(of: UnsafeRawBufferPointer(rebasing: folder))
      descriptor = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return nil }
    var info = stat()
    let found = withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
      UnsafeMutableRawBufferPointer(buffer).copyMemory(from: name)
      buffer[name.count] = 0
      return fstatat(descriptor, buffer.baseAddress!, &info, 0) == 0
    }
    return found && !DayFileFinder.isFolder(info) ? FileStatus(info) : nil
  }

  /// The journal's path followed by `relativePath`, made in one piece.
  private func path(of relativePath: UnsafeRawBufferPointer) -> String {
    String(unsafeUninitializedCapacity: prefix.count + relativePath.count) { buffer in
      let bytes = UnsafeMutableRawBufferPointer(buffer)
      prefix.withUnsafeBytes { bytes.copyMemory(from: $0) }
      UnsafeMutableRawBufferPointer(rebasing: bytes[prefix.count...]).copyMemory(from: relativePath)
      return buffer.count
    }
  }

  package mutating func release() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }
}
