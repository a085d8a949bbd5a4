import DemeterFoundation
import DemeterJournal

/// A digest index as stored: its head decoded (names, one record per day file, the totals of every
/// date), its blobs (each file's digests and id hashes, each month's merged detail and the lines
/// of the entries it lists) left in the file until asked for, so a run that needs a few of them
/// reads only those.
///
/// Layout: the blob region, the head, then a trailer (fixed-width, little-endian: head length, head
/// checksum, the length and checksum of the head's first part, fingerprint, format version, magic
/// `DEMDIGST`), so the index is written as its blobs are made; inside the head and blobs counts and
/// values are varints (`DigestCoding`). Head: first the folders searched (count; each: path inside
/// the journal, device, inode, size, modification time, listing time; `FolderStamp`) and the count
/// of files, checked on their own too (so whether a folder is a journal is told from them alone);
/// then names (count, each string), whether the files were duplicate-free, whether it holds the
/// digests' detail (an index written by a load of totals holds only totals: its files' digests
/// keep no detail and it has no months, so only `DigestIndexTotals` and the writers' id checks read
/// it), files (each: path inside the journal, key, skipped lines, diagnostics, whether it had lines left out as repeated
/// ids, the dates it holds, its digests' blob, its id hashes' blob), dates (count; each date's
/// totals at a fixed width, `DigestTotals.fixedWidth`), splits (count: the dates' for digests
/// split by a dimension whose index holds their detail, else none; each date's split tallies, so a
/// split's rows are read from the head alone), months (count; each: month, the files its flagged
/// entries are in, detail blob, lines blob).
/// A file's digests blob holds each of its dates' totals and detail; a month's detail blob is its merged detail, its flagged entries numbered in the month's list of
/// files, so adding or removing a file only renumbers those lists; its lines blob holds the lines
/// of those entries (count; each: file in the month's list, offset, length, bytes; sorted by file
/// and offset; a line longer than `FlaggedLines.storedLineLimit` left out), so listing them opens
/// no day file. A blob is an offset into the blob region, a length and a `ContentHash` of its
/// bytes, checked when read.
package final class DigestIndex: Sendable {
  static let magic: [UInt8] = Array("DEMDIGST".utf8)
  static let formatVersion: UInt32 = 14

  /// Where a blob is, and the hash of its bytes.
  package struct Blob: Sendable, Hashable {
    package var offset: Int
    package var length: Int
    package var checksum: UInt64
  }

  /// What the index holds for one day file.
  package struct Record: Sendable {
    package var key: DayFileCacheKey
    package var skippedLines: Int
    package var diagnostics: [Diagnostic]
    /// Whether lines were left out as repeated ids (the digests then depend on other files, so they
    /// are never reused).
    package var hadExclusions: Bool
    /// The dates the file holds entries for, sorted.
    package var dates: [Int32]
    /// The file's day digests.
    package var digests: Blob
    package var idHashes: Blob
  }

  /// A month's merged detail, the files (record positions) its flagged entries are in, and their
  /// lines.
  package struct Month: Sendable {
    package var files: [Int32]
    var blob: Blob
    package var lines: Blob
  }

  private let file: FileParts
  /// Where the blob region ends (it starts the file).
  private let blobEnd: Int
  package let names: StringDictionary
  let duplicateFree: Bool
  /// In the order written: the journal's files sorted by path.
  package let records: [Record]
  /// The merged totals of each date, sorted by date.
  package let days: [DigestTotals]
  /// The split tallies of each of `days` (`DigestDetail.breakdown`); empty when not split.
  package let splits: [[BreakdownTally]]
  /// The merged detail of each month with entries.
  package let months: [MonthKey: Month]

  /// The index at `path` if it is whole, within `FileSizeLimit.cacheIndex`, was made with
  /// `fingerprint` (nil: under any settings) and holds the digests' detail (unless not
  /// `requiringDetail`: an index of totals alone has the same records and id hashes, all that the
  /// writers' id checks read); files' diagnostics are placed at their path under `prefix`.
  package init?(path: String, fingerprint: UInt64?, prefix: String, requiringDetail: Bool = true) {
    guard let file = FileParts(path: path), file.count <= FileSizeLimit.cacheIndex.bytes else { return nil }
    self.file = file
    let head: Head
    do throws(CacheFormatError) {
      head = try Head(file, fingerprint: fingerprint, prefix: prefix)
    } catch {
      return nil
    }
    guard head.holdsDetail || !requiringDetail else { return nil }
    (names, duplicateFree, records, days, splits, months, blobEnd) =
      (head.names, head.duplicateFree, head.records, head.days, head.splits, head.months, head.blobEnd)
  }

  /// The day digests of record `index`, its flagged entries placed in file `fileIndex`.
  package func digests(ofRecord index: Int, fileIndex: Int32) throws(CacheFormatError) -> [DayDigest] {
    let nameCount = names.count
    return try read(records[index].digests) { reader throws(CacheFormatError) in
      let count = try reader.varintCount(atMost: reader.remaining / 8)
      var digests: [DayDigest] = []
      digests.reserveCapacity(count)
      for _ in 0..<count {
        let totals = try reader.totals()
        digests.append(DayDigest(totals: totals, detail: try reader.indexedDetail(nameCount: nameCount, file: fileIndex)))
      }
      return digests
    }
  }

  package func idHashes(ofRecord index: Int) throws(CacheFormatError) -> [UInt64] {
    try read(records[index].idHashes) { reader throws(CacheFormatError) in try reader.hashes() }
  }

  /// The whole stored digest of record `index`, placed in file `fileIndex`; nil if a blob is damaged.
  func fileDigest(ofRecord index: Int, fileIndex: Int32) -> FileDigest? {
    let record = records[index]
    guard let days = try? digests(ofRecord: index, fileIndex: fileIndex), let hashes = try? idHashes(ofRecord: index)
    else { return nil }
    var digest = FileDigest(days: days, idHashes: hashes, diagnostics: record.diagnostics, skippedLines: record.skippedLines)
    digest.dates = record.dates
    return digest
  }

  /// Appends the bytes of `blob` to `writer` if they are whole (copying it into a new index).
  package func copy(_ blob: Blob, into writer: inout CacheWriter) -> Bool {
    (try? read(blob) { reader throws(CacheFormatError) in writer.append(raw: try reader.bytes(reader.remaining)) })
      != nil
  }

  /// The merged detail of `month`, flagged entries located by record position.
  package func detail(ofMonth month: MonthKey) throws(CacheFormatError) -> DigestDetail? {
    guard let stored = months[month] else { return nil }
    let nameCount = names.count
    var detail = try read(stored.blob) { reader throws(CacheFormatError) in
      try reader.indexedDetail(nameCount: nameCount, file: nil, fileCount: stored.files.count)
    }
    detail.placeFlagged { stored.files[Int($0)] }
    return detail
  }

  /// The lines of the entries `month`'s merged detail lists that are `wanted`, located by record
  /// position (the others are skipped, not copied).
  package func lines(ofMonth month: MonthKey, wanted: (FlaggedLine) -> Bool) throws(CacheFormatError) -> [FlaggedLine: [UInt8]] {
    guard let stored = months[month] else { return [:] }
    return try read(stored.lines) { reader throws(CacheFormatError) in
      var lines: [FlaggedLine: [UInt8]] = [:]
      for _ in 0..<(try reader.varintCount(atMost: reader.remaining / 3)) {
        let file = stored.files[try reader.varintCount(atMost: stored.files.count - 1)]
        let offset = Int64(try reader.varintCount(atMost: Int(Int64.max)))
        let length = try reader.varintCount(atMost: min(reader.remaining, FlaggedLines.storedLineLimit))
        let place = FlaggedLine(file: file, offset: offset)
        let bytes = try reader.bytes(length)
        if wanted(place) { lines[place] = Array(bytes) }
      }
      return lines
    }
  }

  /// Decodes `blob` with `body`, which must read it to its end.
  private func read<T>(_ blob: Blob, _ body: (inout CacheReader) throws(CacheFormatError) -> T)
    throws(CacheFormatError) -> T
  {
    guard blob.offset >= 0, blob.length >= 0, blob.offset <= blobEnd - blob.length,
      let bytes = file.bytes(at: blob.offset, length: blob.length)
    else { throw CacheFormatError("blob beyond the blob region") }
    return try bytes.withCacheBytes { raw throws(CacheFormatError) in
      guard ContentHash.hash(raw) == blob.checksum else { throw CacheFormatError("blob checksum") }
      var reader = CacheReader(raw)
      let value = try body(&reader)
      guard reader.isAtEnd else { throw CacheFormatError("bytes left over in a blob") }
      return value
    }
  }

  /// The trailer's size: the head's length and checksum, the length and checksum of its first part
  /// (the folder stamps and the count of files), the fingerprint, the format version and the magic.
  static let trailerSize = 8 + 8 + 8 + 8 + 8 + 4 + magic.count

  /// Where the head is and how to check it, as the trailer says.
  private struct Trailer {
    var headLength: Int
    var headChecksum: UInt64
    var stampsLength: Int
    var stampsChecksum: UInt64
  }

  /// The trailer of `file`, its fingerprint checked unless nil, its format version and magic checked.
  private static func trailer(of file: FileParts, fingerprint: UInt64?) throws(CacheFormatError) -> Trailer {
    guard let trailer = file.bytes(at: file.count - trailerSize, length: trailerSize) else {
      throw CacheFormatError("too short")
    }
    return try trailer.withCacheBytes { bytes throws(CacheFormatError) in
      var reader = CacheReader(bytes)
      let length = try reader.count(UInt64.self, atMost: file.count - trailerSize)
      let checksum = try reader.integer(UInt64.self)
      let stampsLength = try reader.count(UInt64.self, atMost: length)
      let stampsChecksum = try reader.integer(UInt64.self)
      let storedFingerprint = try reader.integer(UInt64.self)
      let version = try reader.integer(UInt32.self)
      guard try reader.bytes(magic.count).elementsEqual(magic) else { throw CacheFormatError("magic") }
      guard version == formatVersion, fingerprint.map({ $0 == storedFingerprint }) ?? true else {
        throw CacheFormatError("another format or fingerprint")
      }
      return Trailer(
        headLength: length, headChecksum: checksum, stampsLength: stampsLength,
        stampsChecksum: stampsChecksum)
    }
  }

  /// The head's bytes, checked against the trailer (length, checksum, fingerprint unless nil, format
  /// version, magic), and where the blob region ends.
  package static func head(of file: FileParts, fingerprint: UInt64?) throws(CacheFormatError)
    -> (bytes: [UInt8], blobEnd: Int)
  {
    let trailer = try trailer(of: file, fingerprint: fingerprint)
    let head = try headStart(
      of: file, trailer, length: trailer.headLength, checksum: trailer.headChecksum, part: "head")
    return (head, file.count - trailerSize - trailer.headLength)
  }

  /// The first `length` bytes of the head of `file`, whose trailer is `trailer`, checked against
  /// `checksum`; `part` names them in an error.
  private static func headStart(
    of file: FileParts, _ trailer: Trailer, length: Int, checksum: UInt64, part: String
  ) throws(CacheFormatError) -> [UInt8] {
    guard let bytes = file.bytes(at: file.count - trailerSize - trailer.headLength, length: length) else {
      throw CacheFormatError(part)
    }
    guard bytes.withUnsafeBytes({ ContentHash.hash($0) }) == checksum else {
      throw CacheFormatError("\(part) checksum")
    }
    return bytes
  }

  /// The folder stamps and the count of files that start the head of `file` (made under any
  /// settings), checked by their own checksum; the rest of the head is not read.
  static func stamps(of file: FileParts) throws(CacheFormatError)
    -> (folders: [FolderStamp], fileCount: Int)
  {
    let trailer = try trailer(of: file, fingerprint: nil)
    let stamps = try headStart(
      of: file, trailer, length: trailer.stampsLength, checksum: trailer.stampsChecksum, part: "stamps")
    return try stamps.withCacheBytes { bytes throws(CacheFormatError) in
      var reader = CacheReader(bytes)
      // The files' records follow in the head, not here: the count is not bounded by what remains.
      let stamps = (try reader.folderStamps(), try reader.varintCount(atMost: Int.max))
      guard reader.isAtEnd else { throw CacheFormatError("bytes left over") }
      return stamps
    }
  }

  /// The decoded head.
  private struct Head {
    package var names = StringDictionary()
    var duplicateFree = false
    var holdsDetail = false
    package var records: [Record] = []
    package var days: [DigestTotals] = []
    package var splits: [[BreakdownTally]] = []
    package var months: [MonthKey: Month] = [:]
    var blobEnd = 0

    package init(_ file: FileParts, fingerprint: UInt64?, prefix: String) throws(CacheFormatError) {
      let head: [UInt8]
      (head, blobEnd) = try DigestIndex.head(of: file, fingerprint: fingerprint)
      try head.withCacheBytes { bytes throws(CacheFormatError) in try readHead(bytes, prefix: prefix) }
    }

    private mutating func readHead(_ head: UnsafeRawBufferPointer, prefix: String) throws(CacheFormatError) {
      var reader = CacheReader(head)
      _ = try reader.folderStamps()
      let fileCount = try reader.fileCount()
      names = try reader.names()
      duplicateFree = try reader.flag()
      holdsDetail = try reader.flag()
      records.reserveCapacity(fileCount)
      for _ in 0..<fileCount {
        var dates: [Int32] = []
        records.append(try reader.recordView(prefix: prefix, dates: &dates).record(dates: dates))
      }
      days = try reader.dayTotals()
      splits = try reader.daySplits(dayCount: days.count, nameCount: names.count)
      let monthCount = try reader.varintCount(atMost: reader.remaining / 4)
      for _ in 0..<monthCount {
        let month = MonthKey(value: try reader.signed(Int32.self))
        let files = try (0..<(try reader.varintCount(atMost: fileCount))).map { _ throws(CacheFormatError) in
          try reader.varintCount(atMost: fileCount - 1)
        }
        months[month] = Month(files: files.map { Int32($0) }, blob: try reader.blob(), lines: try reader.blob())
      }
      guard reader.isAtEnd else { throw CacheFormatError("bytes left over") }
    }
  }
}

extension CacheReader {
  mutating func blob() throws(CacheFormatError) -> DigestIndex.Blob {
    DigestIndex.Blob(
      offset: try varintCount(atMost: Int.max), length: try varintCount(atMost: Int.max),
      checksum: try integer(UInt64.self))
  }
}
