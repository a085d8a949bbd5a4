import DemeterFoundation
import DemeterJournal

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
    DayFilePlaces(journal: journal, existing: files).path(for: date)
  }

  /// The day file at `path`, read, or an empty one when it does not exist yet (entries go into
  /// it with `DayFileContents.rewritten`, where `fmt` would put them).
  public func contents(of path: String) throws(ModelError) -> DayFileContents {
    FileBytes.exists(path) ? try DayFileContents.read(path) : DayFileContents(path: path, bytes: [])
  }
}
