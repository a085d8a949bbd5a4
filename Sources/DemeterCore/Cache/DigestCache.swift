import Synchronization

/// The digest cache of one journal folder: one index file, `<journal>/.demeter/cache/digests`,
/// holding each day file's digests, id hashes and problems, keyed by the file's path inside the
/// journal, size, modification time and content hash (with git's racy-timestamp rule, see
/// `DayFileCacheKey`), and the result of the last journal-wide duplicate-id check.
///
/// A run whose day files are all unchanged reads that one file and nothing else: no day file, and
/// not even the id hashes when the last check found no repeated id among the same files. Entries
/// made under other settings, rules or by another program are never used; a damaged index is
/// ignored and rewritten; a journal that cannot be written into is simply read in full.
///
/// Layout (integers little-endian): magic `DEMDIGST`, checksum (`ContentHash` of everything after
/// it), format version, fingerprint, names (count, then each string), whether the files were
/// duplicate-free, files (count; each: path, key, skipped lines, diagnostics, digests, id hashes).
final class DigestCache: @unchecked Sendable {
  static let magic: [UInt8] = Array("DEMDIGST".utf8)
  static let formatVersion: UInt32 = 1
  static let fileName = "digests"

  let prefix: String
  let folder: String
  let fingerprint: UInt64
  let canWrite: Bool
  /// The names the stored digests' codes refer to.
  let names: StringDictionary
  /// The stored records by relative path.
  private let records: [String: Record]
  /// Whether the stored files were checked free of repeated ids.
  private let storedDuplicateFree: Bool
  /// Keys of files digested in this run, by file path (filled by `reuse`, read by `store`).
  private let fresh = LockedKeys()

  struct Record {
    var key: DayFileCacheKey
    var digest: FileDigest
  }

  /// The cache of `journal` when `options` ask for one (reading its index if there is a usable one).
  init?(journal: String, options: JournalLoadOptions, rules: DigestRules) {
    guard case .journalFolder(let toolVersion) = options.cache, !journal.isEmpty else { return nil }
    prefix = journal.hasSuffix("/") ? journal : journal + "/"
    folder = prefix + ".demeter/cache"
    fingerprint = CacheFingerprint.make(options: options, toolVersion: toolVersion, rules: rules)
    canWrite = JournalCache.prepare(folder: folder, parent: prefix + ".demeter")
    let stored = try? FileBytes.read(folder + "/" + Self.fileName)
    let (fingerprint, prefix) = (fingerprint, prefix)
    let decoded = stored.flatMap { bytes in Self.decoded(bytes, fingerprint: fingerprint, prefix: prefix) }
    names = decoded?.names ?? StringDictionary()
    records = decoded?.records ?? [:]
    storedDuplicateFree = decoded?.duplicateFree ?? false
  }

  /// What the cache has for a day file.
  enum Lookup {
    /// The stored digest, placed in the file's index.
    case reused(FileDigest)
    /// No usable digest: parse this (the file with the bytes the cache already read, if it did).
    case parse(DayFile)
  }

  /// The stored digest of `file`, number `index` of the journal's files, if the file is unchanged
  /// (proven by size and time, or by its hash after reading it); else the file to parse, with the
  /// bytes read for hashing so they are not read twice. The file's key is remembered for `store`.
  func lookUp(_ file: DayFile, index: Int32) -> Lookup {
    guard file.contents == nil, let relative = relativePath(file) else { return .parse(file) }
    let record = records[relative]
    if let record, let status = FileStatus.of(file.path), record.key.provesUnchanged(status) {
      fresh.set(file.path, record.key)
      return .reused(record.digest.placed(inFile: index))
    }
    let readAt = FileStatus.now()
    guard let (bytes, status) = try? FileBytes.readWithStatus(file.path) else { return .parse(file) }
    let key = DayFileCacheKey(
      relativePath: relative, size: status.size, modified: status.modified,
      contentHash: ContentHash.hash(bytes), readAt: readAt)
    fresh.set(file.path, key)
    guard let record, record.key.size == key.size, record.key.contentHash == key.contentHash else {
      return .parse(DayFile(path: file.path, date: file.date, contents: bytes))
    }
    return .reused(record.digest.placed(inFile: index))
  }

  /// Whether the duplicate check can be skipped: every file was reused unchanged, the stored set of
  /// files is exactly this one, and it held no repeated id.
  func provesNoDuplicates(_ files: [DayFile]) -> Bool {
    storedDuplicateFree && storedFilesMatch(files) { $0.contentHash == $1.contentHash }
  }

  /// Whether the index holds exactly `files`, each with a stored key that `matches` the key seen in
  /// this run.
  private func storedFilesMatch(
    _ files: [DayFile], _ matches: (DayFileCacheKey, DayFileCacheKey) -> Bool
  ) -> Bool {
    files.count == records.count
      && files.allSatisfy { file in
        guard let stored = relativePath(file).flatMap({ records[$0] }), let seen = fresh.get(file.path) else {
          return false
        }
        return matches(stored.key, seen)
      }
  }

  /// Writes the index for `files` and their digests (names coded into `names`), unless it would
  /// be the same as the one read; files with skipped duplicate ids are left out (they are read
  /// again next time, since their digests depend on other files).
  func store(_ digests: [FileDigest], files: [DayFile], names: StringDictionary, duplicates: DuplicateIDs) {
    guard canWrite else { return }
    if duplicates.lines.isEmpty, storedDuplicateFree, storedFilesMatch(files, ==) { return }
    var writer = CacheWriter(capacity: 1 << 16)
    Self.magic.withUnsafeBytes { writer.append(raw: $0) }
    writer.append(UInt64(0))
    writer.append(Self.formatVersion)
    writer.append(fingerprint)
    writer.append(UInt64(names.count))
    for name in names.strings { writer.append(name) }
    writer.append(duplicates.lines.isEmpty)
    let kept = files.indices.filter { duplicates.lines[Int32($0)] == nil && fresh.get(files[$0].path) != nil }
    writer.append(UInt64(kept.count))
    for index in kept {
      let key = fresh.get(files[index].path)!
      let digest = digests[index]
      writer.append(key.relativePath)
      writer.append(UInt64(key.size))
      writer.append(key.modified)
      writer.append(key.contentHash)
      writer.append(key.readAt)
      writer.append(UInt64(digest.skippedLines))
      Diagnostic.encodeForCache(digest.diagnostics, path: files[index].path, into: &writer)
      writer.append(UInt64(digest.days.count))
      for day in digest.days {
        writer.append(day.totals)
        writer.append(day.detail)
      }
      writer.appendArray(digest.idHashes)
    }
    let checksum = writer.bytes.withUnsafeBytes {
      ContentHash.hash(UnsafeRawBufferPointer(rebasing: $0[16...]))
    }
    writer.set(checksum, at: Self.magic.count)
    try? AtomicFileWriter.write(writer.bytes, to: folder + "/" + Self.fileName, durable: false)
  }

  private static func decoded(_ bytes: [UInt8], fingerprint: UInt64, prefix: String) -> Stored? {
    bytes.withUnsafeBytes { raw in
      do {
        return try decode(raw, fingerprint: fingerprint, prefix: prefix)
      } catch {
        return nil
      }
    }
  }

  private static func decode(_ bytes: UnsafeRawBufferPointer, fingerprint: UInt64, prefix: String)
    throws(CacheFormatError)
    -> Stored
  {
    var reader = CacheReader(bytes)
    guard try reader.bytes(magic.count).elementsEqual(magic) else { throw CacheFormatError("magic") }
    let checksum = try reader.integer(UInt64.self)
    guard checksum == ContentHash.hash(UnsafeRawBufferPointer(rebasing: bytes[16...])) else {
      throw CacheFormatError("checksum mismatch")
    }
    let version = try reader.integer(UInt32.self)
    let storedFingerprint = try reader.integer(UInt64.self)
    guard version == formatVersion, storedFingerprint == fingerprint else {
      throw CacheFormatError("another format or fingerprint")
    }
    var names = StringDictionary()
    let nameCount = try reader.count(UInt64.self, atMost: reader.remaining / 4)
    for expected in 0..<nameCount {
      guard names.code(for: try reader.string()) == expected else { throw CacheFormatError("repeated name") }
    }
    let duplicateFree = try reader.flag()
    let fileCount = try reader.count(UInt64.self, atMost: reader.remaining / 8)
    var records: [String: Record] = [:]
    records.reserveCapacity(fileCount)
    for _ in 0..<fileCount {
      let relative = try reader.string()
      let size = try reader.count(UInt64.self, atMost: Int.max)
      let key = DayFileCacheKey(
        relativePath: relative, size: size, modified: try reader.integer(Int64.self),
        contentHash: try reader.integer(UInt64.self), readAt: try reader.integer(Int64.self))
      var digest = FileDigest()
      digest.skippedLines = try reader.count(UInt64.self, atMost: size)
      digest.diagnostics = try Diagnostic.decodeFromCache(&reader, path: prefix + relative)
      let dayCount = try reader.count(UInt64.self, atMost: reader.remaining / 64)
      for _ in 0..<dayCount {
        let totals = try reader.totals()
        digest.days.append(DayDigest(totals: totals, detail: try reader.detail(nameCount: nameCount, file: 0)))
      }
      digest.idHashes = try reader.array(UInt64.self)
      records[relative] = Record(key: key, digest: digest)
    }
    guard reader.isAtEnd else { throw CacheFormatError("bytes left over") }
    return Stored(names: names, records: records, duplicateFree: duplicateFree)
  }

  /// What an index holds.
  struct Stored {
    var names: StringDictionary
    var records: [String: Record]
    var duplicateFree: Bool
  }

  private func relativePath(_ file: DayFile) -> String? {
    let path = file.path.utf8
    guard path.starts(with: prefix.utf8), path.count > prefix.utf8.count else { return nil }
    return String(decoding: path.dropFirst(prefix.utf8.count), as: UTF8.self)
  }
}

/// Keys by path, written by the loader's worker threads.
private final class LockedKeys: @unchecked Sendable {
  private let keys = Mutex<[String: DayFileCacheKey]>([:])

  func set(_ path: String, _ key: DayFileCacheKey) { keys.withLock { $0[path] = key } }

  func get(_ path: String) -> DayFileCacheKey? { keys.withLock { $0[path] } }
}
