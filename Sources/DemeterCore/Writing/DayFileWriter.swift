/// Writes day files of one journal (SPEC §9). The caller holds the `JournalLock`.
///
/// Every write, appends included, replaces the whole file atomically: the new bytes go to a temporary
/// file in the same folder, which is flushed (fsync) and renamed over the old file. A writer killed at
/// any moment therefore leaves either the old file or the new one, never a partial line, and readers
/// never see a file being written. An append keeps the old bytes as they are and, when the old last
/// line has no final newline (left by another tool), ends it first so the new line never joins it.
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
    guard let newest, let newestDate = newest.date else { return JournalLock.join(journal, name) }
    let folders = relativeFolders(of: newest.path)
    if folders == [CivilDate.pad(newestDate.year, 4), CivilDate.pad(newestDate.month, 2)] {
      return JournalLock.join(journal, "\(year)/\(month)/\(name)")
    }
    if folders == [CivilDate.pad(newestDate.year, 4)] {
      return JournalLock.join(journal, "\(year)/\(name)")
    }
    return JournalLock.join(journal, name)
  }

  /// The folders between the journal and a day file's name.
  private func relativeFolders(of path: String) -> [String] {
    let prefix = journal.hasSuffix("/") ? journal : journal + "/"
    guard path.hasPrefix(prefix) else { return [] }
    return path.dropFirst(prefix.count).split(separator: "/").dropLast().map(String.init)
  }

  /// Adds `lines` (each one entry, without a line end) at the end of the file at `path`, creating it
  /// (and its folders) when missing.
  public func append(_ lines: [String], to path: String) throws(ModelError) {
    var bytes: [UInt8] = []
    if FileBytes.exists(path) {
      do throws(FileBytes.ReadError) {
        bytes = try FileBytes.read(path)
      } catch {
        throw .persistenceError("cannot read '\(path)': \(error.message)")
      }
    }
    if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    for line in lines {
      bytes += Array(line.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    try replace(path, with: bytes)
  }

  /// Replaces the file at `path` with `bytes`, atomically; never through a folder linked out of the
  /// journal (`JournalBounds`).
  public func replace(_ path: String, with bytes: [UInt8]) throws(ModelError) {
    try JournalBounds.check(path, journal: journal)
    do throws(OutputError) {
      try AtomicFileWriter.write(bytes, to: path)
    } catch {
      throw .persistenceError(error.message)
    }
  }
}
