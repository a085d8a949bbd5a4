import DemeterFoundation
import DemeterJournal

extension JournalEntryLine {
  /// Whether `other` says what this line says, whatever its id (manual: importing): the same
  /// members (`schemaVersion` aside) with values of the same meaning (numbers by value), and a
  /// timestamp for the same moment or the same wall-clock time (a row imported again with another
  /// zone setting is the same row).
  func hasSameContent(as other: JournalEntryLine) -> Bool {
    let ignored: Set<String> = [
      EntryField.id.rawValue, EntryField.schemaVersion.rawValue, EntryField.timestamp.rawValue,
    ]
    let mine = object.members.filter { !ignored.contains($0.key) }
    let theirs = other.object.members.filter { !ignored.contains($0.key) }
    return mine.count == theirs.count
      && mine.allSatisfy { member in
        other.object[member.key].map { EntryLineEncoder.sameValue(member.value, $0) } ?? false
      }
      && Self.sameTime(entry.timestamp, other.entry.timestamp)
  }

  /// Whether two timestamps name the same moment or read the same on a clock.
  private static func sameTime(_ a: Timestamp, _ b: Timestamp) -> Bool {
    if let x = a.instant, let y = b.instant, x == y { return true }
    return a.localDate == b.localDate && a.secondOfDay == b.secondOfDay && a.nanosecond == b.nanosecond
  }
}
