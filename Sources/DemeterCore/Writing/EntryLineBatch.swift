import DemeterFoundation
import DemeterJournal

/// Lines a writer adds in one transaction, read one at a time (manual: writing): an `add` batch held
/// as lines, or an import's lines held on disk (`ImportedLines`). The id check and the placement
/// need only each line's id value and date; a line itself is read when it is compared or written,
/// a day file's lines at a time.
public protocol EntryLineBatch {
  /// How many lines.
  var count: Int { get }
  /// The value of the id of the line at `index` when it is a UUID (letter case ignored), else nil.
  func idValue(at index: Int) -> UInt128?
  /// The date of the line at `index`'s timestamp, as written.
  func date(at index: Int) -> CivilDate
  /// The line at `index`.
  /// - Throws: `persistenceError` when it cannot be read back.
  func line(at index: Int) throws(ModelError) -> JournalEntryLine
  /// The text the line at `index` is written as (`EntryLineEncoder.writtenLine`) when it is at hand
  /// without encoding the line, else nil: a journal copy with these very bytes says the same.
  /// - Throws: `persistenceError` when it cannot be read back.
  func writtenText(at index: Int) throws(ModelError) -> [UInt8]?
}

extension Array: EntryLineBatch where Element == JournalEntryLine {
  public func idValue(at index: Int) -> UInt128? { FoodEntryRepository.idValue(self[index].entry.id) }
  public func date(at index: Int) -> CivilDate { self[index].entry.timestamp.localDate }
  public func line(at index: Int) throws(ModelError) -> JournalEntryLine { self[index] }
  public func writtenText(at index: Int) throws(ModelError) -> [UInt8]? { nil }
}
