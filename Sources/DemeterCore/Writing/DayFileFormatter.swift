/// The canonical form of a day file (SPEC §9, `fmt`): every entry line in canonical key order
/// (`EntryLineEncoder`), lines sorted by timestamp then id (stable), LF line ends, no BOM, no blank
/// lines, one trailing newline (an empty file stays empty). Values, number literals and unknown keys
/// are kept, so formatting twice gives the same bytes.
public enum DayFileFormatter {
  /// The canonical bytes of `contents`, or nil when a line is not a valid entry (such a file is
  /// left alone; `contents.diagnostics` says why).
  public static func format(_ contents: DayFileContents) -> [UInt8]? {
    var entries: [JournalEntryLine] = []
    for line in contents.lines {
      guard let entry = line.outcome.line, !line.outcome.hasErrors else { return nil }
      entries.append(entry)
    }
    let sorted = entries.enumerated().sorted { a, b in
      let first = sortKey(a.element.entry)
      let second = sortKey(b.element.entry)
      if first.seconds != second.seconds { return first.seconds < second.seconds }
      if first.nanosecond != second.nanosecond { return first.nanosecond < second.nanosecond }
      if a.element.entry.id != b.element.entry.id { return a.element.entry.id < b.element.entry.id }
      return a.offset < b.offset
    }
    var output: [UInt8] = []
    output.reserveCapacity(contents.bytes.count)
    for (_, entry) in sorted {
      output += Array(EntryLineEncoder.line(entry.object).utf8)
      output.append(UInt8(ascii: "\n"))
    }
    return output
  }

  /// When the entry was eaten: its moment when the timestamp has an offset, else its wall-clock time
  /// read as UTC.
  private static func sortKey(_ entry: FoodEntry) -> (seconds: Int, nanosecond: Int) {
    let timestamp = entry.timestamp
    return timestamp.instant
      ?? (timestamp.localDate.dayNumber * 86_400 + timestamp.secondOfDay, timestamp.nanosecond)
  }
}
