import DemeterDigests
import DemeterFoundation
import DemeterJournal

/// The day files of a journal that may hold given entry ids, found without reading the whole journal
/// (manual: writing). A file the digest cache's newest index proves unchanged (the size and time
/// recorded, every line counted: none skipped as bad or as a repeated id, under whatever settings)
/// is judged by the 64-bit id hashes stored for it; any other file (new, changed, not in the index,
/// its hashes damaged, or no usable index at all) by `EntryIDScan`. A file found is read in full
/// (`DayFileContents`), so a shared hash costs a read, never a wrong answer; the others are never
/// held, so memory stays within the largest day file plus the ids asked for.
struct JournalIDSearch {
  /// The journal's day files, in path order.
  let files: [DayFile]
  /// The bits of an id's hash that are compared (all but in tests, which force shared hashes).
  let hashMask: UInt64
  private let index: DigestIndex?
  private let recordOfPath: [String: Int]
  private let prefix: String

  /// A search of `journal`'s day files as they are now (under the journal lock, or inside
  /// `JournalReading.consistently`).
  init(journal: String, hashMask: UInt64 = .max) {
    files = DayFileFinder.find(in: journal).files
    self.hashMask = hashMask
    prefix = journal.hasSuffix("/") ? journal : journal + "/"
    index = Self.newestIndex(journal: journal, prefix: prefix)
    var recordOfPath: [String: Int] = [:]
    for (position, record) in (index?.records ?? []).enumerated() {
      recordOfPath[record.key.relativePath] = position
    }
    self.recordOfPath = recordOfPath
  }

  /// The hash of an id's value that the index stores (`DuplicateIDFinder.mixed`), masked.
  func hash(_ value: UInt128) -> UInt64 { DuplicateIDFinder.mixed(value) & hashMask }

  /// Reads in full and hands to `body`, in path order, each day file that may hold an id whose
  /// `hash` is in `hashes`.
  func forEachFile(
    holding hashes: [UInt64], _ body: (DayFileContents) throws(ModelError) -> Void
  ) throws(ModelError) {
    let wanted = WantedIDHashes(hashes)
    guard !wanted.isEmpty else { return }
    for file in files {
      if let stored = storedHashes(of: file) {
        if stored.contains(where: { wanted.contains($0 & hashMask) }) {
          try body(DayFileContents.read(file.path))
        }
        continue
      }
      let contents = try DayFileContents.bytes(file.path)
      if EntryIDScan.contains(in: contents, of: file, where: { wanted.contains(hash($0)) }) {
        try body(DayFileContents(path: file.path, bytes: contents))
      }
    }
  }

  /// Reads in full and hands to `body`, in path order, each day file with a line whose id value
  /// `isWanted` accepts (found by `EntryIDScan`: a prefix is not in the index).
  func forEachFile(
    withIDWhere isWanted: (UInt128) -> Bool, _ body: (DayFileContents) throws(ModelError) -> Void
  ) throws(ModelError) {
    for file in files {
      let contents = try DayFileContents.bytes(file.path)
      if EntryIDScan.contains(in: contents, of: file, where: isWanted) {
        try body(DayFileContents(path: file.path, bytes: contents))
      }
    }
  }

  /// The id hashes the index holds for `file`, when it proves the file unchanged since and every
  /// line of it was counted; nil otherwise.
  private func storedHashes(of file: DayFile) -> [UInt64]? {
    guard let index, file.path.hasPrefix(prefix),
      let position = recordOfPath[String(file.path.dropFirst(prefix.count))]
    else { return nil }
    let record = index.records[position]
    guard record.skippedLines == 0, !record.hadExclusions,
      let status = file.status ?? FileStatus.of(file.path),
      record.key.provesUnchanged(status)
    else { return nil }
    return try? index.idHashes(ofRecord: position)
  }

  /// The most recently written index of the journal's cache that is whole, whatever its settings
  /// (an index of totals alone included: a CSV report's); none when the state or cache folder is a symbolic link (`JournalStateFolder`).
  private static func newestIndex(journal: String, prefix: String) -> DigestIndex? {
    guard JournalStateFolder.problem(journal: journal) == nil else { return nil }
    let folder = JournalLayout(journal: journal).cache
    guard !FileStatus.isSymbolicLink(folder) else { return nil }
    let byAge = DigestCache.indexPaths(in: folder).compactMap { path in
      FileStatus.of(path).map { (path, $0.modified) }
    }
    for (path, _) in byAge.sorted(by: { ($0.1, $0.0) > ($1.1, $1.0) }) {
      if let index = DigestIndex(path: path, fingerprint: nil, prefix: prefix, requiringDetail: false) {
        return index
      }
    }
    return nil
  }
}
