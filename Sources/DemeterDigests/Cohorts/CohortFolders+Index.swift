import DemeterFoundation
import DemeterJournal

extension CohortFolders {
  /// What `members(under:)` finds under a cohort folder.
  public struct Members: Sendable, Hashable {
    /// The journals, as `parent/NAME`, sorted by name in byte order.
    public var journals: [String]
    /// The folders left out because they lead out of the cohort folder (a symbolic link to `/`, to
    /// the cohort folder itself, to anywhere not inside it): each as `parent/NAME` and where it leads.
    public var outside: [Link]
  }

  /// A folder under a cohort folder that leads out of it.
  public struct Link: Sendable, Hashable {
    public var path: String
    /// Its real path.
    public var target: String
  }

  /// The journals directly under `parent`: every folder there (not hidden) that holds its own
  /// `.demeter.json` or a day file at any depth, or cannot be listed (so the report says it could
  /// not be read instead of leaving a person out), sorted by name in byte order. A folder whose
  /// digest index still shows day files (`indexShowsDayFiles`) is not listed. A folder whose real
  /// path is not inside `parent` is never searched: it is left out (`Members.outside`).
  /// Nil when `parent` cannot be listed.
  public static func members(under parent: String) -> Members? {
    guard let names = DirectoryEntries.names(in: parent), let root = FileStatus.realPath(parent) else {
      return nil
    }
    var candidates: [String] = []
    var outside: [Link] = []
    for name in names.filter({ !$0.hasPrefix(".") }).sorted(by: ExactArithmetic.precedes) {
      let path = JournalLayout.join(parent, name)
      guard FileStatus.isFolder(path), let real = FileStatus.realPath(path) else { continue }
      if real.hasPrefix(root == "/" ? "/" : root + "/"), real != root {
        candidates.append(path)
      } else {
        outside.append(Link(path: path, target: real))
      }
    }
    let journal = ParallelMap.map(candidates) { isJournal($0, holdsDayFiles: indexShowsDayFiles) }
    return Members(journals: zip(candidates, journal).filter(\.1).map(\.0), outside: outside)
  }

  /// Whether a digest index in `journal`'s cache (made under any settings) shows that it holds day
  /// files now: the search that wrote it found some, and every folder it listed still holds the
  /// same names (`FolderStamp`). False when no index can tell.
  /// - Complexity: a listing of the cache folder, and per index the start of its head and a status
  ///   call per folder.
  package static func indexShowsDayFiles(_ journal: String) -> Bool {
    let prefix = JournalLayout.join(journal, "")
    return DigestCache.indexPaths(in: JournalLayout(journal: journal).cache).contains { path in
      guard let file = FileParts(path: path), file.count <= FileSizeLimit.cacheIndex.bytes,
        let (folders, fileCount) = try? DigestIndex.stamps(of: file)
      else { return false }
      return fileCount > 0 && !folders.isEmpty && folders.allSatisfy { $0.holdsTheSameNames(under: prefix) }
    }
  }
}
