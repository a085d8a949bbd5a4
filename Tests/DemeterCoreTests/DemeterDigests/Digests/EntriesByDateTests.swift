import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The entries of a period handed out a date at a time give the rows, in the same order, that
/// the reference model (the whole journal loaded into an `EntryTable`) lists for the period.
@Suite struct EntriesByDateTests {
  /// A row as text: everything but where it sits in its table.
  static func text(_ table: EntryTable, _ row: Int) -> String {
    let location = table.location(ofRow: row)
    return "\(table.timestamp(ofRow: row).rfc3339)|\(table.ids[row])|\(table.foodNames[table.foodNameCode[row]])|"
      + "\(table.amounts(ofRow: row))|\(location.path):\(location.line)"
  }

  /// An exported entry as the same text (its timestamp to the second, as a table keeps it).
  static func text(_ entry: ExportedEntry) -> String {
    var timestamp = entry.row.timestamp
    timestamp.nanosecond = 0
    return "\(timestamp.rfc3339)|\(entry.row.id)|\(entry.row.foodName)|"
      + "\(entry.row.amounts)|\(entry.path):\(entry.row.line)"
  }

  @Test(
    arguments: JournalDeterminismTests.Layout.allCases,
    [TimeZoneRule.asWritten, .fixedOffset(seconds: 9 * 3600)])
  func sameRowsAsReadingThePeriodAtOnce(layout: JournalDeterminismTests.Layout, zone: TimeZoneRule) throws {
    let lines = JournalDeterminismTests.randomEntries(count: 300, seed: 21).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: layout, seed: 22)
    let digests = DigestLoader.load(
      journal: journal.path, options: JournalLoadOptions(timeZone: zone, threads: 2, keepsDetail: false))
    let all = JournalLoader.load(
      journal: journal.path, options: JournalLoadOptions(timeZone: zone, threads: 2)
    ).table
    let span = try #require(digests.span)
    let periods = [span, Period(first: span.first.adding(days: 3), last: span.first.adding(days: 17))]
    for period in periods {
      let expected = all.rows(in: period).map { Self.text(all, $0) }
      var streamed: [String] = []
      digests.forEachDate(ofExportedEntriesIn: period) { streamed += $0.map(Self.text) }
      #expect(streamed == expected)
    }
  }
}
