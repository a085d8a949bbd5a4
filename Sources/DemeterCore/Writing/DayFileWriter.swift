/// Where and how entries go into the day files of one journal (manual: writing). The new contents are
/// written through a `JournalTransaction`, under the `JournalLock`.
///
/// Every write, appends included, replaces the whole file atomically: a writer killed at any moment
/// leaves either the old file or the new one, never a partial line, and readers never see a file
/// being written.
public struct DayFileWriter: Sendable {
  public let journal: String

  public init(journal: String) {
    self.journal = journal
  }

  /// Where entries dated `date` go: the existing day file for `date` anywhere in the journal;
  /// otherwise a new file laid out like the newest existing day file (`YYYY/YYYY-MM-DD.jsonl`,
  /// `YYYY/MM/YYYY-MM-DD.jsonl`, or flat `YYYY-MM-DD.jsonl` at the top, also for an empty journal).
  public func dayFilePath(for date: CivilDate, existing files: [DayFile]) -> String {
    if let file = files.first(where: { $0.date == date }) { return file.path }
    let name = "\(date).jsonl"
    let year = CivilDate.pad(date.year, 4)
    let month = CivilDate.pad(date.month, 2)
    let newest = files.filter { $0.date != nil }.max { ($0.date!, $0.path) < ($1.date!, $1.path) }
    guard let newest, let newestDate = newest.date else { return JournalLayout.join(journal, name) }
    let folders = relativeFolders(of: newest.path)
    if folders == [CivilDate.pad(newestDate.year, 4), CivilDate.pad(newestDate.month, 2)] {
      return JournalLayout.join(journal, "\(year)/\(month)/\(name)")
    }
    if folders == [CivilDate.pad(newestDate.year, 4)] {
      return JournalLayout.join(journal, "\(year)/\(name)")
    }
    return JournalLayout.join(journal, name)
  }

  /// The folders between the journal and a day file's name.
  private func relativeFolders(of path: String) -> [String] {
    let prefix = journal.hasSuffix("/") ? journal : journal + "/"
    guard path.hasPrefix(prefix) else { return [] }
    return path.dropFirst(prefix.count).split(separator: "/").dropLast().map(String.init)
  }

  /// The day file at `path`, read, or an empty one when it does not exist yet (entries go into
  /// it with `DayFileContents.rewritten`, where `fmt` would put them).
  public func contents(of path: String) throws(ModelError) -> DayFileContents {
    FileBytes.exists(path) ? try DayFileContents.read(path) : DayFileContents(path: path, bytes: [])
  }
}
