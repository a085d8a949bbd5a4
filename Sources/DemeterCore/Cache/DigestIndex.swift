/// A digest index as stored: its head decoded (names, one record per day file, the totals of every
/// date), its blobs (each file's digests and id hashes, each month's merged detail) left in the
/// mapped file until asked for, so a run that needs a few of them reads only those pages.
///
/// Layout (integers little-endian): magic `DEMDIGST`, format version, fingerprint, head length,
/// head checksum, the head, then the blob region. Head: names (count, each string), whether the
/// files were duplicate-free, files (count; each: path inside the journal, key, skipped lines,
/// diagnostics, whether it had lines left out as repeated ids, the dates it holds, its digests' blob, its id hashes' blob), dates (count; each
/// date's totals), months (count; each: month, blob). A blob is an offset into the blob region, a
/// length and a `ContentHash` of its bytes, checked when it is read.
final class DigestIndex: Sendable {
  static let magic: [UInt8] = Array("DEMDIGST".utf8)
  static let formatVersion: UInt32 = 2

  /// Where a blob is, and the hash of its bytes.
  struct Blob: Sendable, Hashable {
    var offset: Int
    var length: Int
    var checksum: UInt64
  }

  /// What the index holds for one day file.
  struct Record: Sendable {
    var key: DayFileCacheKey
    var skippedLines: Int
    var diagnostics: [Diagnostic]
    /// Whether lines were left out as repeated ids (the digests then depend on other files, so they
    /// are never reused).
    var hadExclusions: Bool
    /// The dates the file holds entries for, sorted.
    var dates: [Int32]
    /// The file's day digests (flagged entries stored in file 0).
    var digests: Blob
    var idHashes: Blob
  }

  private let file: MappedFile
  private let blobStart: Int
  let names: StringDictionary
  let duplicateFree: Bool
  /// In the order written: the journal's files sorted by path.
  let records: [Record]
  /// The merged totals of each date, sorted by date.
  let days: [DigestTotals]
  /// The merged detail of each month with entries (flagged entries located by record index).
  let months: [MonthKey: Blob]

  /// The index at `path` if it is whole and was made with `fingerprint`; files' diagnostics are
  /// placed at their path under `prefix`.
  init?(path: String, fingerprint: UInt64, prefix: String) {
    guard let file = MappedFile(path: path) else { return nil }
    self.file = file
    let head: Head
    do throws(CacheFormatError) {
      head = try file.withBytes { bytes throws(CacheFormatError) in
        try Head(bytes, fingerprint: fingerprint, prefix: prefix)
      }
    } catch {
      return nil
    }
    (names, duplicateFree, records, days, months, blobStart) =
      (head.names, head.duplicateFree, head.records, head.days, head.months, head.blobStart)
  }

  /// The day digests of record `index`, its flagged entries placed in file `fileIndex`.
  func digests(ofRecord index: Int, fileIndex: Int32) throws(CacheFormatError) -> [DayDigest] {
    let nameCount = names.count
    return try read(records[index].digests) { reader throws(CacheFormatError) in
      let count = try reader.count(UInt64.self, atMost: reader.remaining / 64)
      return try (0..<count).map { _ throws(CacheFormatError) in
        let totals = try reader.totals()
        return DayDigest(totals: totals, detail: try reader.detail(nameCount: nameCount, file: fileIndex))
      }
    }
  }

  /// The whole stored digest of record `index`, placed in file `fileIndex`; nil if its blobs are damaged.
  func fileDigest(ofRecord index: Int, fileIndex: Int32) -> FileDigest? {
    let record = records[index]
    guard let days = try? digests(ofRecord: index, fileIndex: fileIndex), let hashes = try? idHashes(ofRecord: index)
    else { return nil }
    return FileDigest(days: days, idHashes: hashes, diagnostics: record.diagnostics, skippedLines: record.skippedLines)
  }

  func idHashes(ofRecord index: Int) throws(CacheFormatError) -> [UInt64] {
    try read(records[index].idHashes) { reader throws(CacheFormatError) in try reader.array(UInt64.self) }
  }

  /// The merged detail of `month` (flagged entries located by record index).
  func detail(ofMonth month: MonthKey) throws(CacheFormatError) -> DigestDetail? {
    guard let blob = months[month] else { return nil }
    let (nameCount, fileCount) = (names.count, records.count)
    return try read(blob) { reader throws(CacheFormatError) in
      try reader.detail(nameCount: nameCount, file: nil, fileCount: fileCount)
    }
  }

  /// Decodes `blob` with `body`, which must read it to its end.
  private func read<T>(_ blob: Blob, _ body: (inout CacheReader) throws(CacheFormatError) -> T)
    throws(CacheFormatError) -> T
  {
    let start = blobStart
    return try file.withBytes { bytes throws(CacheFormatError) in
      guard blob.offset >= 0, blob.length >= 0, start + blob.offset + blob.length <= bytes.count else {
        throw CacheFormatError("blob beyond the end")
      }
      let raw = UnsafeRawBufferPointer(rebasing: bytes[(start + blob.offset)..<(start + blob.offset + blob.length)])
      guard ContentHash.hash(raw) == blob.checksum else { throw CacheFormatError("blob checksum") }
      var reader = CacheReader(raw)
      let value = try body(&reader)
      guard reader.isAtEnd else { throw CacheFormatError("bytes left over in a blob") }
      return value
    }
  }

  /// The decoded head.
  private struct Head {
    var names = StringDictionary()
    var duplicateFree = false
    var records: [Record] = []
    var days: [DigestTotals] = []
    var months: [MonthKey: Blob] = [:]
    var blobStart = 0

    init(_ bytes: UnsafeRawBufferPointer, fingerprint: UInt64, prefix: String) throws(CacheFormatError) {
      var reader = CacheReader(bytes)
      guard try reader.bytes(magic.count).elementsEqual(magic) else { throw CacheFormatError("magic") }
      let version = try reader.integer(UInt32.self)
      let storedFingerprint = try reader.integer(UInt64.self)
      guard version == formatVersion, storedFingerprint == fingerprint else {
        throw CacheFormatError("another format or fingerprint")
      }
      let length = try reader.count(UInt64.self, atMost: reader.remaining)
      let checksum = try reader.integer(UInt64.self)
      let head = try reader.bytes(length)
      guard ContentHash.hash(head) == checksum else { throw CacheFormatError("head checksum") }
      blobStart = reader.offset
      reader = CacheReader(head)
      let nameCount = try reader.count(UInt64.self, atMost: reader.remaining / 4)
      for expected in 0..<nameCount {
        guard names.code(for: try reader.string()) == expected else { throw CacheFormatError("repeated name") }
      }
      duplicateFree = try reader.flag()
      let fileCount = try reader.count(UInt64.self, atMost: reader.remaining / 64)
      records.reserveCapacity(fileCount)
      for _ in 0..<fileCount {
        let relative = try reader.string()
        let size = try reader.count(UInt64.self, atMost: Int.max)
        let key = DayFileCacheKey(
          relativePath: relative, size: size, modified: try reader.integer(Int64.self),
          contentHash: try reader.integer(UInt64.self), readAt: try reader.integer(Int64.self))
        records.append(
          Record(
            key: key, skippedLines: try reader.count(UInt64.self, atMost: size),
            diagnostics: try Diagnostic.decodeFromCache(&reader, path: prefix + relative),
            hadExclusions: try reader.flag(), dates: try reader.array(Int32.self), digests: try reader.blob(), idHashes: try reader.blob()))
      }
      let dayCount = try reader.count(UInt64.self, atMost: reader.remaining / 64)
      days = try (0..<dayCount).map { _ throws(CacheFormatError) in try reader.totals() }
      let monthCount = try reader.count(UInt64.self, atMost: reader.remaining / 28)
      for _ in 0..<monthCount {
        months[MonthKey(value: try reader.integer(Int32.self))] = try reader.blob()
      }
      guard reader.isAtEnd else { throw CacheFormatError("bytes left over") }
    }
  }
}

extension CacheReader {
  mutating func blob() throws(CacheFormatError) -> DigestIndex.Blob {
    DigestIndex.Blob(
      offset: try count(UInt64.self, atMost: Int.max), length: try count(UInt64.self, atMost: Int.max),
      checksum: try integer(UInt64.self))
  }
}
