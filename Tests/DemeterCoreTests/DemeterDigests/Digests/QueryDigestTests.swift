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
    let (one, others) = JournalDeterminismTests.loadedEveryWay(journal, rules: DigestRules(options))
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

  /// A query that picks weekdays (alone, or ANDed with other terms) is answered from the digests of
  /// the rest of the query with the other dates dropped: the same days and summaries as the entries
  /// matched one by one (`Q or conf:<0` reads the same entries but does not split), cold and warm.
  @Test(arguments: [
    "weekend", "weekdays", "not:weekend", "weekday:mon or weekday:fri", "meal:dinner weekend",
    "(weekday:sat or weekday:tue) kcal:>300 not:food:egg", "weekend weekday:sat,mon meal:lunch",
  ])
  func weekdaysKeepDatesOfTheRestOfTheQuery(query: String) throws {
    let lines = JournalDeterminismTests.randomEntries(count: 400, seed: 23).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: .randomSplitShuffled, seed: 24)
    func options(_ text: String) throws -> AggregationOptions {
      var options = AggregationOptions(reviewLimit: 3)
      options.query = try QueryParser.parse(text)
      return options
    }
    let asked = try options(query)
    #expect(asked.query?.weekdaySplit.weekdays != nil)
    let matchedOneByOne = try options("(\(query)) or conf:<0")
    #expect(matchedOneByOne.query?.weekdaySplit.weekdays == nil)
    let reference = DigestLoader.load(
      journal: journal.path, options: JournalLoadOptions(threads: 2), rules: DigestRules(matchedOneByOne))
    let span = try #require(reference.span)
    let weeks = span.buckets(.week(.monday))
    let expected = reference.summarize(buckets: weeks, options: matchedOneByOne)
    let (one, others) = JournalDeterminismTests.loadedEveryWay(journal, rules: DigestRules(asked))
    for digests in [one] + others {
      #expect(digests.rules == DigestRules(asked))
      #expect(digests.days == reference.days)
      let summary = digests.summarize(buckets: weeks, options: asked)
      #expect(summary.buckets == expected.buckets)
      #expect(summary.whole == expected.whole)
      #expect(summary.movingAverage == expected.movingAverage)
    }
  }

  /// `weekend` reads the journal's own cache: no digests of a query are written for it.
  @Test func weekdaysAloneWriteNoQueryCache() throws {
    let lines = JournalDeterminismTests.randomEntries(count: 100, seed: 25).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: .oneFile, seed: 26)
    var options = AggregationOptions()
    options.query = try QueryParser.parse("weekend")
    let cached = JournalLoadOptions(cache: .journalFolder(toolVersion: "weekday-test"))
    let whole = DigestLoader.load(journal: journal.path, options: cached)
    let weekend = DigestLoader.load(journal: journal.path, options: cached, rules: DigestRules(options))
    let cache = JournalLayout(journal: journal.path).cache
    #expect(FileBytes.exists(cache))
    #expect(!FileBytes.exists(cache + "/" + DigestCache.queryFolder))
    #expect(weekend.days == whole.days.filter { $0.date.weekday >= 6 })
  }
}
