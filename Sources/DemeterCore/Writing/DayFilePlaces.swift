import DemeterFoundation
import DemeterJournal

/// Where entries of any date go in a journal whose day files are `existing`, worked out once for a
/// batch of any size (`DayFileWriter.dayFilePath(for:existing:)`): each date's existing file, else a
/// new file laid out like the newest existing one.
struct DayFilePlaces {
  private let journal: String
  /// The first of `existing` for each date.
  private let byDate: [CivilDate: String]
  /// The folders of the newest dated file (its date and path the greatest), nil when none is dated.
  private let newest: (date: CivilDate, folders: [String])?

  init(journal: String, existing files: [DayFile]) {
    self.journal = journal
    var byDate: [CivilDate: String] = [:]
    var newest: (date: CivilDate, path: String)?
    for file in files {
      guard let date = file.date else { continue }
      if byDate[date] == nil { byDate[date] = file.path }
      if newest.map({ ($0.date, $0.path) < (date, file.path) }) ?? true { newest = (date, file.path) }
    }
    self.byDate = byDate
    self.newest = newest.map { ($0.date, Self.relativeFolders(of: $0.path, in: journal)) }
  }

  /// The path for entries dated `date`.
  func path(for date: CivilDate) -> String {
    if let path = byDate[date] { return path }
    let name = "\(date).jsonl"
    let year = CivilDate.pad(date.year, 4)
    let month = CivilDate.pad(date.month, 2)
    guard let newest else { return JournalLayout.join(journal, name) }
    if newest.folders == [CivilDate.pad(newest.date.year, 4), CivilDate.pad(newest.date.month, 2)] {
      return JournalLayout.join(journal, "\(year)/\(month)/\(name)")
    }
    if newest.folders == [CivilDate.pad(newest.date.year, 4)] {
      return JournalLayout.join(journal, "\(year)/\(name)")
    }
    return JournalLayout.join(journal, name)
  }

  /// The folders between `journal` and a day file's name.
  private static func relativeFolders(of path: String, in journal: String) -> [String] {
    let prefix = journal.hasSuffix("/") ? journal : journal + "/"
    guard path.hasPrefix(prefix) else { return [] }
    return path.dropFirst(prefix.count).split(separator: "/").dropLast().map(String.init)
  }
}
