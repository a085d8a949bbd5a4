import DemeterFoundation
import DemeterJournal

/// Reads the ids of a day file's entries without keeping the entries (manual: writing): the day-file
/// parser's fast scanner reads each id as a UUID's value, and a line it cannot read (an id that is no
/// plain UUID, escapes, other writers' layouts) goes the strict way, as for reports. What it accepts
/// includes every line a writer reads as valid (`EntryLineReader` applies the same rules, and more).
struct EntryIDScan: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  /// The values of the ids read, in line order.
  private(set) var ids: [UInt128] = []

  static var keepsRawDescription: Bool { false }

  /// Whether some entry of the day file `file` (read as `bytes`) has an id whose value `isWanted`
  /// accepts.
  static func contains(in bytes: [UInt8], of file: DayFile, where isWanted: (UInt128) -> Bool) -> Bool {
    var scan = EntryIDScan()
    DayFileParser(options: JournalLoadOptions(threads: 1)).parse(
      DayFile(path: file.path, date: file.date, contents: bytes), into: &scan)
    return scan.ids.contains(where: isWanted)
  }

  mutating func beginFile(_ path: String, byteCount: Int) {
    ids.reserveCapacity(byteCount / DayFileParser.typicalLineBytes + 1)
  }

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    ids.append(entry.idValue)
  }
}
