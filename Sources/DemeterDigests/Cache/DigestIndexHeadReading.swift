import DemeterFoundation
import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sections of a digest index's head (`DigestIndex`), read in place: shared by the reader that
/// decodes the whole head and the one that reads only the totals (`DigestIndexTotals`).
extension DigestIndex {
  /// A file's record as the head holds it, its path inside the journal left as bytes in the head
  /// (a reader that only compares it makes no string).
  package struct RecordView {
    package var relativePath: UnsafeRawBufferPointer
    package var size: Int
    package var modified: Int64
    package var contentHash: UInt64
    package var readAt: Int64
    package var skippedLines: Int
    package var diagnostics: [Diagnostic]
    package var hadExclusions: Bool
    package var digests: Blob
    package var idHashes: Blob

    /// The record, its path made a string, holding `dates`.
    package func record(dates: [Int32]) -> Record {
      Record(
        key: DayFileCacheKey(
          relativePath: String(decoding: relativePath, as: UTF8.self), size: size, modified: modified,
          contentHash: contentHash, readAt: readAt),
        skippedLines: skippedLines, diagnostics: diagnostics, hadExclusions: hadExclusions, dates: dates,
        digests: digests, idHashes: idHashes)
    }

    /// Whether `file`, known to be at this record's path, is unchanged since
    /// (`DigestIndex.describesUnchanged`).
    func describesUnchanged(_ file: DayFile) -> Bool {
      DigestIndex.describesUnchanged(
        file, hadExclusions: hadExclusions, size: size, modified: modified, readAt: readAt)
    }

    /// Whether the file at this record's path, whose status is now `status`, is unchanged since
    /// (`DigestIndex.describesUnchanged`).
    func describesUnchanged(_ status: FileStatus) -> Bool {
      !hadExclusions && DayFileCacheKey.provesUnchanged(status, size: size, modified: modified, readAt: readAt)
    }
  }

  /// Whether a record describes `file` as it is now: it is at the record's path under `prefix` (the
  /// journal's path ending in `/`), on disk, no line of it was left out, and it is unchanged since,
  /// proven by its size and time (`DayFileCacheKey.provesUnchanged`). What an index must show of
  /// every file to stand for the journal.
  /// - Complexity: one status call, unless the file's status is known.
  static func describesUnchanged(
    _ file: DayFile, prefix: String, relativePath: UnsafeRawBufferPointer, hadExclusions: Bool, size: Int,
    modified: Int64, readAt: Int64
  ) -> Bool {
    path(file.path, is: relativePath, under: prefix)
      && describesUnchanged(
        file, hadExclusions: hadExclusions, size: size, modified: modified, readAt: readAt)
  }

  /// `describesUnchanged(_:prefix:relativePath:hadExclusions:size:modified:readAt:)` of a file known
  /// to be at the record's path.
  static func describesUnchanged(
    _ file: DayFile, hadExclusions: Bool, size: Int, modified: Int64, readAt: Int64
  ) -> Bool {
    guard file.contents == nil, !hadExclusions, let status = file.status ?? FileStatus.of(file.path) else {
      return false
    }
    return DayFileCacheKey.provesUnchanged(status, size: size, modified: modified, readAt: readAt)
  }

  /// Whether `path` is `prefix` followed by the bytes `relative` (not empty).
  package static func path(_ path: String, is relative: UnsafeRawBufferPointer, under prefix: String)
    -> Bool
  {
    var (path, prefix) = (path, prefix)
    return path.withUTF8 { path in
      prefix.withUTF8 { prefix in
        !relative.isEmpty && path.count == prefix.count + relative.count
          && memcmp(path.baseAddress!, prefix.baseAddress!, prefix.count) == 0
          && memcmp(path.baseAddress! + prefix.count, relative.baseAddress!, relative.count) == 0
      }
    }
  }
}

extension CacheReader {
  /// The head's names, each once.
  mutating func names() throws(CacheFormatError) -> StringDictionary {
    var names = StringDictionary()
    for expected in 0..<(try varintCount(atMost: remaining / 4)) {
      let name = try stringBytes().assumingMemoryBound(to: UInt8.self)
      guard names.code(forUTF8: name) == expected else { throw CacheFormatError("repeated name") }
    }
    return names
  }

  /// Skips the head's names.
  mutating func skipNames() throws(CacheFormatError) {
    for _ in 0..<(try varintCount(atMost: remaining / 4)) { _ = try stringBytes() }
  }

  /// The head's folder stamps (`FolderStamp`; none when the search that wrote it met a problem).
  mutating func folderStamps() throws(CacheFormatError) -> [FolderStamp] {
    try (0..<(try varintCount(atMost: remaining / 20))).map { _ throws(CacheFormatError) in
      let relativePath = try string()
      let (device, inode) = (try integer(UInt64.self), try integer(UInt64.self))
      let status = FileStatus(size: try varintCount(atMost: Int.max), modified: try integer(Int64.self))
      let (listedAt, overflow) = status.modified.addingReportingOverflow(try signed(Int64.self))
      guard !overflow else { throw CacheFormatError("listing time") }
      return FolderStamp(
        relativePath: relativePath, device: device, inode: inode, status: status, listedAt: listedAt)
    }
  }

  /// The head's count of files.
  package mutating func fileCount() throws(CacheFormatError) -> Int {
    try varintCount(atMost: remaining / 16)
  }

  /// A file's record, its dates appended to `dates`; its diagnostics are placed at its path under
  /// `prefix`.
  mutating func recordView(prefix: String, dates: inout [Int32]) throws(CacheFormatError)
    -> DigestIndex.RecordView
  {
    let relative = try stringBytes()
    let size = try varintCount(atMost: Int.max)
    let modified = try integer(Int64.self)
    let contentHash = try integer(UInt64.self)
    let (readAt, overflow) = modified.addingReportingOverflow(try signed(Int64.self))
    guard !overflow else { throw CacheFormatError("read time") }
    let skipped = try varintCount(atMost: size)
    let diagnostics =
      try flag()
      ? try Diagnostic.decodeFromCache(&self, path: prefix + String(decoding: relative, as: UTF8.self)) : []
    let hadExclusions = try flag()
    let dateCount = try varintCount(atMost: remaining)
    var date: Int32 = 0
    for _ in 0..<dateCount {
      date = try signed(Int32.self) + date
      dates.append(date)
    }
    return DigestIndex.RecordView(
      relativePath: relative, size: size, modified: modified, contentHash: contentHash, readAt: readAt,
      skippedLines: skipped, diagnostics: diagnostics, hadExclusions: hadExclusions, digests: try blob(),
      idHashes: try blob())
  }

  /// The head's totals of every date, which must be sorted by date.
  package mutating func dayTotals() throws(CacheFormatError) -> [DigestTotals] {
    let count = try varintCount(atMost: remaining / DigestTotals.fixedWidth)
    var days: [DigestTotals] = []
    days.reserveCapacity(count)
    for _ in 0..<count {
      let totals = try fixedWidthTotals()
      guard days.last.map({ $0.day < totals.day }) ?? true else { throw CacheFormatError("date order") }
      days.append(totals)
    }
    return days
  }

  /// The head's split tallies of each of `dayCount` dates, codes below `nameCount`; empty when the
  /// index keeps none.
  package mutating func daySplits(dayCount: Int, nameCount: Int) throws(CacheFormatError) -> [[BreakdownTally]] {
    let count = try varintCount(atMost: remaining)
    guard count == 0 || count == dayCount else { throw CacheFormatError("a split per date") }
    return try (0..<count).map { _ throws(CacheFormatError) in try breakdownTallies(nameCount: nameCount) }
  }
}
