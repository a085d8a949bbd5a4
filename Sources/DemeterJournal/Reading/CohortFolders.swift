import DemeterFoundation

/// Journals of many people (manual: command-line, `--journals DIR`): which folders under a parent are journals,
/// and whether a folder read as one journal looks like several.
public enum CohortFolders {
  /// Whether `folder` is a journal of its own: a `.demeter.json`, or a day file at any depth, seen
  /// by `holdsDayFiles` when it can tell, else by listing the folders; or a folder that cannot be
  /// listed (whose reading then fails where it is said and counted).
  package static func isJournal(_ folder: String, holdsDayFiles: (String) -> Bool) -> Bool {
    guard FileStatus.isFolder(folder) else { return false }
    return FileStatus.of(JournalLayout(journal: folder).config) != nil || holdsDayFiles(folder)
      || holdsDayFile(folder, depth: 0) ?? true
  }

  /// Whether a day file lies in `folder` or a folder under it (hidden ones skipped); the listing
  /// stops at the first one found. Nil when `folder` itself cannot be listed.
  static func holdsDayFile(_ folder: String, depth: Int) -> Bool? {
    guard depth <= DayFileFinder.maximumDepth else { return false }
    var found = false
    var others: [String] = []
    let listed = DirectoryEntries.visitNames(in: folder) { name in
      found = DayFileFinder.looksLikeDayFile(name)
      if !found, name.first != UInt8(ascii: ".") { others.append(String(decoding: name, as: UTF8.self)) }
      return !found
    }
    guard listed else { return nil }
    guard !found else { return true }
    return others.contains { name in
      let path = JournalLayout.join(folder, name)
      return FileStatus.isFolder(path) && holdsDayFile(path, depth: depth + 1) == true
    }
  }

  /// The sub-folders of `journal` that look like people's journals of their own, sorted by name;
  /// a journal with two or more of them is likely several people read as one.
  ///
  /// Of the folders directly under `journal` that hold some of its day `files`, one looks like a
  /// person's journal when it has its own `.demeter.json`, or when a date of its day files is also
  /// the date of a day file in another such folder (each person logs the same calendar). The
  /// writer's layout of year and month folders (`2026/11/2026-11-21.jsonl`) never repeats a date
  /// across folders, so it never looks like people.
  public static func personLikeFolders(journal: String, files: [DayFile]) -> [String] {
    let prefix = JournalLayout.join(journal, "").utf8
    var datesByFolder: [Substring: Set<Int>] = [:]
    // Files by path keep a folder's files together: their dates are gathered before one lookup.
    var folder: Substring = ""
    var dates = Set<Int>()
    for file in files {
      let path = file.path.utf8
      guard path.starts(with: prefix) else { continue }
      let start = path.index(path.startIndex, offsetBy: prefix.count)
      guard let slash = path[start...].firstIndex(of: UInt8(ascii: "/")) else { continue }
      let fileFolder = file.path[start..<slash]
      if !fileFolder.utf8.elementsEqual(folder.utf8) {
        if !dates.isEmpty { datesByFolder[folder, default: []].formUnion(dates) }
        (folder, dates) = (fileFolder, [])
      }
      dates.insert(file.date?.dayNumber ?? Int.min)
    }
    if !dates.isEmpty { datesByFolder[folder, default: []].formUnion(dates) }
    var folderOfDate: [Int: String] = [:]
    var personLike = Set<String>()
    for (folder, dates) in datesByFolder {
      let folder = String(folder)
      if FileStatus.of(JournalLayout(journal: JournalLayout.join(journal, folder)).config) != nil {
        personLike.insert(folder)
      }
      for date in dates where date != Int.min {
        if let other = folderOfDate[date], other != folder {
          personLike.formUnion([other, folder])
        } else {
          folderOfDate[date] = folder
        }
      }
    }
    return personLike.count >= 2 ? personLike.sorted(by: ExactArithmetic.precedes) : []
  }
}
