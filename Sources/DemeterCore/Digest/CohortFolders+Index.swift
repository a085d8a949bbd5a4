extension CohortFolders {
  /// The journals directly under `parent`: every folder there (not hidden) that holds its own
  /// `.demeter.json` or a day file at any depth, as `parent/NAME`, sorted by name in byte order.
  /// A folder whose digest index still shows day files (`indexShowsDayFiles`) is not listed.
  /// Nil when `parent` cannot be listed.
  public static func journals(under parent: String) -> [String]? {
    guard let names = DirectoryEntries.names(in: parent) else { return nil }
    let candidates = names.filter { !$0.hasPrefix(".") }
      .sorted(by: ExactArithmetic.precedes)
      .map { JournalLayout.join(parent, $0) }
    let journal = ParallelMap.map(candidates) { isJournal($0, holdsDayFiles: indexShowsDayFiles) }
    return zip(candidates, journal).filter(\.1).map(\.0)
  }

  /// Whether a digest index in `journal`'s cache (made under any settings) shows that it holds day
  /// files now: the search that wrote it found some, and every folder it listed still holds the
  /// same names (`FolderStamp`). False when no index can tell.
  /// - Complexity: a listing of the cache folder, and per index the start of its head and a status
  ///   call per folder.
  static func indexShowsDayFiles(_ journal: String) -> Bool {
    let prefix = JournalLayout.join(journal, "")
    return DigestCache.indexPaths(in: JournalLayout(journal: journal).cache).contains { path in
      guard let file = FileParts(path: path), file.count <= FileSizeLimit.cacheIndex.bytes,
        let (folders, fileCount) = try? DigestIndex.stamps(of: file)
      else { return false }
      return fileCount > 0 && !folders.isEmpty && folders.allSatisfy { $0.holdsTheSameNames(under: prefix) }
    }
  }
}
