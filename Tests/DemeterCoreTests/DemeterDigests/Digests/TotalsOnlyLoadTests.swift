import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A load that keeps only the digests' totals (`JournalLoadOptions.keepsDetail` false) gives the
/// totals of a full load, and the same summaries, usage and digests when detail is asked for after
/// all (the files read again in full).
@Suite struct TotalsOnlyLoadTests {
  @Test(arguments: JournalDeterminismTests.Layout.allCases)
  func totalsAndAnythingAskedAfterAllAsAFullLoad(layout: JournalDeterminismTests.Layout) throws {
    let lines = JournalDeterminismTests.randomEntries(count: 400, seed: 11).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: layout, seed: 12)
    let options = AggregationOptions(lowConfidence: FixedDecimal(billionths: 600_000_000), reviewLimit: 3)
    let rules = DigestRules(options)
    let full = DigestLoader.load(journal: journal.path, options: JournalLoadOptions(threads: 2), rules: rules)
    let totals = DigestLoader.load(
      journal: journal.path, options: JournalLoadOptions(threads: 2, keepsDetail: false), rules: rules)
    #expect(!full.keepsOnlyTotals)
    #expect(totals.keepsOnlyTotals)
    #expect(totals.days == full.days)
    #expect(totals.diagnostics == full.diagnostics)
    #expect(totals.skippedLines == full.skippedLines)
    let span = try #require(full.span)
    let weeks = span.buckets(.week(.monday))
    #expect(
      totals.summarize(buckets: weeks, options: options) == full.summarize(buckets: weeks, options: options))
    #expect(
      totals.summarize(buckets: weeks, options: options, detail: false)
        == full.summarize(buckets: weeks, options: options, detail: false))
    #expect(totals.ingredientUsage(in: span) == full.ingredientUsage(in: span))
    #expect(totals.dayDigests == full.dayDigests)
    #expect(totals.withDetail.names.strings == full.names.strings)
  }
}
