import DemeterFoundation
import DemeterJournal
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The digest cache of one journal folder: one index file per settings,
/// `<journal>/.demeter/cache/digests-<fingerprint>` (`DigestIndex`; the few most recently written
/// are kept, so reports with different thresholds do not rewrite each other's), and one per query
/// in `queries/` beside them (`keptQueryIndexes`, the least recently used removed), holding each day file's digests, id hashes and problems, keyed by the file's
/// path inside the journal, size, modification time and content hash (with git's racy-timestamp
/// rule, see `DayFileCacheKey`), and the journal's merged view: every date's totals and every
/// month's merged detail. A load of totals that finds no index writes one of totals alone (its
/// files' digests without detail, no months), which loads of totals read as any other and loads
/// that need detail write again in full.
///
/// A run whose day files are all unchanged reads the index's head and the blobs the report needs
/// (for a whole-journal report, the months), and no day file. Entries made under other settings,
/// rules or by another program are never used; a damaged index is ignored and rewritten; a journal
/// that cannot be written into is simply read in full.
package final class DigestCache: @unchecked Sendable {
  package static let filePrefix = "digests-"
  /// How many index files (of different settings) a journal keeps.
  package static let keptIndexes = 4
  /// How many index files of queries and breakdowns (`DigestRules.query`, `breakdown`) a journal
  /// keeps in `queries/`: those most recently written or read.
  package static let keptQueryIndexes = 8
  /// The folder inside the cache folder that holds the indexes of queries and breakdowns.
  package static let queryFolder = "queries"

  /// Where a journal's cache is and the fingerprint of its index, found without reading the index.
  package struct Place {
    /// The journal's path, ending in `/`.
    package let prefix: String
    package let folder: String
    package let fingerprint: UInt64
    /// How many index files `folder` keeps.
    package let keptIndexes: Int
    /// Whether the cache folder can be written to; false until `prepare`.
    private(set) var canWrite = false

    /// The place of `journal`'s cache when `options` ask for one; none when `.demeter` or its
    /// `cache` folder is a symbolic link (`JournalStateFolder`). Its index can be read at once; it
    /// is written to only once prepared.
    package init?(journal: String, options: JournalLoadOptions, rules: DigestRules) {
      guard case .journalFolder(let toolVersion) = options.cache, !journal.isEmpty,
        JournalStateFolder.problem(journal: journal) == nil
      else { return nil }
      prefix = journal.hasSuffix("/") ? journal : journal + "/"
      let cache = JournalLayout(journal: journal).cache
      if FileStatus.isSymbolicLink(cache) { return nil }
      let asks = rules.query != nil || rules.breakdown != nil
      folder = asks ? cache + "/" + DigestCache.queryFolder : cache
      if asks, FileStatus.isSymbolicLink(folder) { return nil }
      keptIndexes = asks ? DigestCache.keptQueryIndexes : DigestCache.keptIndexes
      fingerprint = CacheFingerprint.make(options: options, toolVersion: toolVersion, rules: rules)
    }

    /// Makes the cache folder when it is missing, and finds whether it can be written to
    /// (`CacheFolder.prepare`). Before a search of the journal: making the folder changes the
    /// journal folder's stamp.
    package mutating func prepare() {
      canWrite = CacheFolder.prepare(JournalLayout(journal: prefix))
      if canWrite, folder != JournalLayout(journal: prefix).cache {
        _ = mkdir(folder, 0o755)
        canWrite = access(folder, W_OK) == 0
      }
    }

    /// Marks the index of a query as just used, so that it is among the last removed (best effort).
    package func markUsed() {
      guard folder.hasSuffix("/" + DigestCache.queryFolder) else { return }
      _ = utimes(indexPath, nil)
    }

    /// The index file of these settings.
    package var indexPath: String { DigestCache.path(folder: folder, fingerprint: fingerprint) }
  }

  package let prefix: String
  package let folder: String
  package let fingerprint: UInt64
  let canWrite: Bool
  private let keptIndexes: Int
  /// The index read, if there was a usable one.
  package let index: DigestIndex?
  /// Record positions by relative path.
  private let recordOfPath: [String: Int]
  /// The journal's folders as this run's search saw them, written into the index.
  private let folders: [FolderStamp]
  /// Keys of files digested in this run, by file path (filled by `lookUp`, read by `store`).
  private let fresh = LockedKeys()

  /// The cache at `place`, reading its index if there is a usable one; `folders`, the stamps of the
  /// search that found the files this run reads, go into an index it writes.
  package init(_ place: Place, folders: [FolderStamp] = []) {
    (prefix, folder, fingerprint, canWrite) = (place.prefix, place.folder, place.fingerprint, place.canWrite)
    keptIndexes = place.keptIndexes
    self.folders = folders
    index = DigestIndex(path: place.indexPath, fingerprint: fingerprint, prefix: prefix)
    var recordOfPath: [String: Int] = [:]
    for (position, record) in (index?.records ?? []).enumerated() { recordOfPath[record.key.relativePath] = position }
    self.recordOfPath = recordOfPath
  }

  /// The cache of `journal` when `options` ask for one (`Place`), reading its index if there is a
  /// usable one.
  package convenience init?(journal: String, options: JournalLoadOptions, rules: DigestRules) {
    guard var place = Place(journal: journal, options: options, rules: rules) else { return nil }
    place.prepare()
    self.init(place)
  }

  /// The names the stored digests' codes refer to.
  package var names: StringDictionary { index?.names ?? StringDictionary() }

  /// What the cache has for a day file.
  package enum Lookup {
    /// The file is unchanged since the index's record at this position was made.
    case stored(Int)
    /// No usable record: parse this (the file with the bytes the cache already read, if it did).
    case parse(DayFile)
  }

  /// The record of `file` if the file is unchanged (proven by size and time, or by its hash after
  /// reading it); else the file to parse, with the bytes read for hashing so they are not read
  /// twice. The file's key is remembered for `store`.
  package func lookUp(_ file: DayFile) -> Lookup {
    guard file.contents == nil, let relative = relativePath(file) else { return .parse(file) }
    let position = recordOfPath[relative]
    let record = position.map { index!.records[$0] }
    if let position, let record, !record.hadExclusions, let status = FileStatus.of(file.path),
      record.key.provesUnchanged(status)
    {
      fresh.set(file.path, record.key)
      return .stored(position)
    }
    let readAt = FileStatus.now()
    guard let (bytes, status) = try? FileBytes.readWithStatus(file.path, limit: .dayFile) else { return .parse(file) }
    let key = DayFileCacheKey(
      relativePath: relative, size: status.size, modified: status.modified,
      contentHash: ContentHash.hash(bytes), readAt: readAt)
    fresh.set(file.path, key)
    guard let position, let record, !record.hadExclusions, record.key.size == key.size,
      record.key.contentHash == key.contentHash
    else {
      return .parse(DayFile(path: file.path, date: file.date, contents: bytes))
    }
    return .stored(position)
  }

  /// The index, when it describes exactly `files` (sorted by path), each proven unchanged by its size
  /// and time, and their journal had no repeated id: then its merged view is this journal's.
  /// - Complexity: one status call per file.
  func unchangedIndex(for files: [DayFile]) -> DigestIndex? {
    guard let index, index.duplicateFree, index.records.count == files.count else { return nil }
    for (file, record) in zip(files, index.records) {
      var relative = record.key.relativePath
      let unchanged = relative.withUTF8 { relative in
        DigestIndex.describesUnchanged(
          file, prefix: prefix, relativePath: UnsafeRawBufferPointer(relative),
          hadExclusions: record.hadExclusions, size: record.key.size, modified: record.key.modified,
          readAt: record.key.readAt)
      }
      guard unchanged else { return nil }
    }
    return index
  }

  /// Writes the index for `files` (sorted by path) and their digests, names coded into `names`,
  /// and the journal's merged `days` (with each day's split, `splits`, when the digests are split);
  /// not when some file has no key (it was not read from disk).
  /// `holdsDetail` false writes an index of totals alone (`DigestIndex`). Each file's digests are
  /// let go of once written (`digests` is left empty); false if not written.
  @discardableResult
  package func store(
    _ digests: inout [FileDigest], files: [DayFile], names: StringDictionary, duplicates: DuplicateIDs,
    holdsDetail: Bool, days: [DigestTotals], splits: [[BreakdownTally]], months: [DigestIndexWriter.MonthEntry]
  ) -> Bool {
    defer { digests = [] }
    return write(files: files) { stream throws(OutputError) in
      for position in digests.indices {
        let digest = digests[position]
        digests[position] = FileDigest()
        try stream.add(
          DigestIndexWriter.FileContent(
            digest: digest, hadExclusions: duplicates.lines[Int32(position)] != nil,
            digests: DigestIndexWriter.digestsBlob(digest.days), idHashes: DigestIndexWriter.hashesBlob(digest.idHashes)))
      }
      for month in months { try stream.add(month) }
      return DigestIndexWriter.Ending(
        names: names, duplicateFree: duplicates.lines.isEmpty, holdsDetail: holdsDetail, days: days, splits: splits)
    }
  }

  /// Writes an index of `files` (sorted by path): `produce` hands `stream` each file's content in
  /// path order, then the months', and returns the rest of the head, or nil to write nothing.
  /// False if not written (nil, a file left out or without a key, a damaged blob to copy, or the
  /// folder cannot be written).
  @discardableResult
  package func write(
    files: [DayFile], produce: (_ stream: inout DigestIndexStream) throws(OutputError) -> DigestIndexWriter.Ending?
  ) -> Bool {
    guard canWrite else { return false }
    let fresh = self.fresh
    do throws(OutputError) {
      try AtomicFileWriter.write(to: Self.path(folder: folder, fingerprint: fingerprint), durable: false) {
        sink throws(OutputError) in
        var stream = DigestIndexStream(sink: sink, files: files, key: { fresh.get($0) })
        guard let ending = try produce(&stream) else { throw OutputError("the index was left unwritten") }
        guard stream.fileCount == files.count else { throw OutputError("a day file was left out of the index") }
        try stream.finish(fingerprint: fingerprint, folders: folders, ending: ending)
      }
    } catch {
      return false
    }
    removeOldIndexes()
    return true
  }

  /// The index just written, read back.
  package func reread() -> DigestIndex? {
    DigestIndex(path: Self.path(folder: folder, fingerprint: fingerprint), fingerprint: fingerprint, prefix: prefix)
  }

  /// The paths of the index files in the cache folder `folder`, whatever their settings.
  package static func indexPaths(in folder: String) -> [String] {
    (DirectoryEntries.names(in: folder) ?? []).filter { $0.hasPrefix(filePrefix) }.map { folder + "/" + $0 }
  }

  package static func path(folder: String, fingerprint: UInt64) -> String {
    folder + "/" + filePrefix + String(fingerprint, radix: 16)
  }

  /// Removes the index files beyond the `keptIndexes` most recently written (or, for queries, read),
  /// and the single index of earlier versions, `digests` (best effort).
  private func removeOldIndexes() {
    _ = unlink(folder + "/digests")
    let paths = Self.indexPaths(in: folder)
    guard paths.count > keptIndexes else { return }
    let byAge = paths.compactMap { path in FileStatus.of(path).map { (path, $0.modified) } }.sorted { $0.1 > $1.1 }
    for (path, _) in byAge.dropFirst(keptIndexes) { _ = unlink(path) }
  }

  private func relativePath(_ file: DayFile) -> String? {
    let path = file.path.utf8
    guard path.starts(with: prefix.utf8), path.count > prefix.utf8.count else { return nil }
    return String(Substring(path.dropFirst(prefix.utf8.count)))
  }
}

/// Keys by path, written by the loader's worker threads.
private final class LockedKeys: @unchecked Sendable {
  private let keys = Mutex<[String: DayFileCacheKey]>([:])

  package func set(_ path: String, _ key: DayFileCacheKey) { keys.withLock { $0[path] = key } }

  package func get(_ path: String) -> DayFileCacheKey? { keys.withLock { $0[path] } }
}
