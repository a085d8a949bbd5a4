import Testing

@testable import DemeterCore

/// The entries of a period handed out a date at a time give the rows, in the same order, that
/// reading every file of the period at once gives.
@Suite struct EntriesByDateTests {
  /// A row as text: everything but where it sits in its table.
  static func text(_ table: EntryTable, _ row: Int) -> String {
    let location = table.location(ofRow: row)
    return "\(table.timestamp(ofRow: row).rfc3339)|\(table.ids[row])|\(table.foodNames[table.foodNameCode[row]])|"
      + "\(table.amounts(ofRow: row))|\(location.path):\(location.line)"
  }

  @Test(
    arguments: JournalDeterminismTests.Layout.allCases,
    [TimeZoneRule.asWritten, .fixedOffset(seconds: 9 * 3600)])
  func sameRowsAsReadingThePeriodAtOnce(layout: JournalDeterminismTests.Layout, zone: TimeZoneRule) throws {
    let lines = JournalDeterminismTests.randomEntries(count: 300, seed: 21).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: layout, seed: 22)
    let digests = DigestLoader.load(
      journal: journal.path, options: JournalLoadOptions(timeZone: zone, threads: 2, keepsDetail: false))
    let span = try #require(digests.span)
    let periods = [span, Period(first: span.first.adding(days: 3), last: span.first.adding(days: 17))]
    for period in periods {
      let all = digests.rows(in: period)
      let expected = all.rows(in: period).map { Self.text(all, $0) }
      var streamed: [String] = []
      digests.forEachDate(ofEntriesIn: period) { table, rows in
        streamed += rows.map { Self.text(table, $0) }
      }
      #expect(streamed == expected)
    }
  }
}
