import DemeterFoundation
import DemeterJournal

/// The canonical form of a day file (manual: writing, `fmt`): every entry line in canonical key order
/// (`EntryLineEncoder`), lines sorted by timestamp then id (stable), LF line ends, no BOM, no blank
/// lines, one trailing newline (an empty file stays empty). Values, number literals and unknown keys
/// are kept, so formatting twice gives the same bytes.
public enum DayFileFormatter {
  /// The canonical bytes of `contents`, or nil when a line is not a valid entry (such a file is
  /// left alone; `contents.diagnostics` says why). With `upgrading` (`fmt --upgrade`), each line is
  /// also put in the current schema version (`EntrySchema.upgraded`).
  public static func format(_ contents: DayFileContents, upgrading: Bool = false) -> [UInt8]? {
    var entries: [JournalEntryLine] = []
    for line in contents.lines {
      guard let entry = line.outcome.line, !line.outcome.hasErrors else { return nil }
      entries.append(entry)
    }
    let sorted = entries.enumerated().sorted { a, b in
      if precedes(a.element.entry, b.element.entry) { return true }
      if precedes(b.element.entry, a.element.entry) { return false }
      return a.offset < b.offset
    }
    var output: [UInt8] = []
    output.reserveCapacity(contents.bytes.count)
    for (_, entry) in sorted {
      let object = upgrading ? EntrySchema.upgraded(entry.object) : entry.object
      output += Array(EntryLineEncoder.line(object).utf8)
      output.append(UInt8(ascii: "\n"))
    }
    return output
  }

  /// The lines of `contents` that are not in the current schema version, each an error at its line
  /// saying why (what `fmt --check` reports).
  public static func outdatedLines(_ contents: DayFileContents) -> [Diagnostic] {
    contents.lines.compactMap { line in
      guard let object = line.outcome.line?.object, let reason = EntrySchema.outdatedReason(object) else {
        return nil
      }
      return Diagnostic(.error, SourceLocation(path: contents.path, line: line.number, column: 1), reason)
    }
  }

  /// Whether `fmt` puts `a` before `b`: by when they were eaten, then by id (equal entries keep
  /// their order).
  static func precedes(_ a: FoodEntry, _ b: FoodEntry) -> Bool {
    let first = sortKey(a.timestamp)
    let second = sortKey(b.timestamp)
    if first.seconds != second.seconds { return first.seconds < second.seconds }
    if first.nanosecond != second.nanosecond { return first.nanosecond < second.nanosecond }
    return a.id < b.id
  }

  /// When the entry was eaten: its moment when the timestamp has an offset, else its wall-clock time
  /// read as UTC.
  static func sortKey(_ timestamp: Timestamp) -> (seconds: Int, nanosecond: Int) {
    timestamp.instant
      ?? (timestamp.localDate.dayNumber * 86_400 + timestamp.secondOfDay, timestamp.nanosecond)
  }
}
