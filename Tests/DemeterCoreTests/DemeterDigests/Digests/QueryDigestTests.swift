import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Digests of a query (`DigestRules.query`, manual: queries) do not depend on how they were read:
/// the same totals and summaries whatever the threads, with or without detail, cold or warm through
/// the journal's cache; and the lines skipped are the whole journal's (a query never changes which
/// repeated id is skipped).
@Suite struct QueryDigestTests {
  @Test(arguments: JournalDeterminismTests.Layout.allCases)
  func theSameHoweverTheyAreRead(layout: JournalDeterminismTests.Layout) throws {
    let lines = JournalDeterminismTests.randomEntries(count: 400, seed: 21).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: layout, seed: 22)
    var options = AggregationOptions(reviewLimit: 3)
    options.query = try QueryParser.parse("meal:dinner or kcal:>400 or food:egg")
    let rules = DigestRules(options)
    func load(_ loadOptions: JournalLoadOptions) -> JournalDigests {
      DigestLoader.load(journal: journal.path, options: loadOptions, rules: rules)
    }
    let one = load(JournalLoadOptions(threads: 1))
    let cached = JournalLoadOptions(threads: 2, cache: .journalFolder(toolVersion: "query-test"))
    let others = [
      load(JournalLoadOptions(threads: 3)), load(JournalLoadOptions(threads: 2, keepsDetail: false)),
      load(cached), load(cached),
    ]
    let span = try #require(one.span)
    let weeks = span.buckets(.week(.monday))
    let summary = one.summarize(buckets: weeks, options: options)
    for other in others {
      #expect(other.days == one.days)
      #expect(other.summarize(buckets: weeks, options: options) == summary)
      #expect(other.diagnostics == one.diagnostics)
      #expect(other.skippedLines == one.skippedLines)
    }
    let whole = DigestLoader.load(
      journal: journal.path, options: JournalLoadOptions(threads: 2), rules: DigestRules(AggregationOptions(reviewLimit: 3)))
    #expect(one.entryCount > 0 && one.entryCount < whole.entryCount)
    #expect(one.skippedLines == whole.skippedLines)
  }
}
