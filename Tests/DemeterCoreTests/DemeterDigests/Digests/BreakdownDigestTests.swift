import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Digests split by a dimension (`DigestRules.breakdown`, manual: queries, `--by`): for random
/// journals, every dimension but `tag` splits each bucket into rows that sum exactly to the unsplit
/// bucket (entries, kcal, protein, carbohydrates, fat), with a query too; and the rows do not depend
/// on how the digests were read (threads, detail, cold or warm through the journal's cache).
@Suite struct BreakdownDigestTests {
  static let queries: [String?] = [nil, "meal:dinner or kcal:>400", "weekend"]

  @Test(arguments: BreakdownDimension.allCases, queries)
  func everyBucketSplitsIntoRowsThatSumToIt(_ dimension: BreakdownDimension, _ query: String?) throws {
    for seed in [31, 32] as [UInt64] {
      let lines = JournalDeterminismTests.randomEntries(count: 300, seed: seed).map(\.text)
      let journal = JournalDeterminismTests.write(lines, layout: .randomSplitShuffled, seed: seed + 100)
      var options = AggregationOptions(reviewLimit: 3)
      options.query = try query.map { try QueryParser.parse($0) }
      options.breakdown = dimension
      let digests = DigestLoader.load(
        journal: journal.path, options: JournalLoadOptions(threads: 2), rules: DigestRules(options))
      let span = try #require(digests.span)
      let buckets = digests.summarize(buckets: span.buckets(.week(.monday)), options: options).buckets
      // (The random entries have no tags: a split by tag is all "no tag".)
      #expect(dimension == .tag || buckets.contains { $0.breakdown.count > 1 }, "\(dimension) splits some bucket")
      for bucket in buckets {
        var sum = BreakdownRow(value: nil)
        for row in bucket.breakdown { sum.add(row) }
        if dimension == .tag {
          // An entry counts in each of its tags (and once in "no tag" without one).
          #expect(sum.entries >= bucket.entries)
          continue
        }
        #expect(sum.entries == bucket.entries, "\(dimension) \(bucket.range)")
        for nutrient in BreakdownTally.nutrients {
          #expect(sum.totals[nutrient] == bucket.totals[nutrient], "\(dimension) \(nutrient.key) \(bucket.range)")
        }
        #expect(Set(bucket.breakdown.map(\.value)).count == bucket.breakdown.count, "one row per value")
      }
    }
  }

  @Test(arguments: BreakdownDimension.allCases)
  func theSameHoweverTheyAreRead(_ dimension: BreakdownDimension) throws {
    let lines = JournalDeterminismTests.randomEntries(count: 300, seed: 41).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: .randomSplitShuffled, seed: 42)
    var options = AggregationOptions(reviewLimit: 3)
    options.breakdown = dimension
    options.query = try QueryParser.parse("not:meal:snack")
    let (one, others) = JournalDeterminismTests.loadedEveryWay(journal, rules: DigestRules(options))
    let span = try #require(one.span)
    let weeks = span.buckets(.week(.monday))
    let summary = one.summarize(buckets: weeks, options: options)
    let rows = one.summarize(buckets: weeks, options: options, detail: false).buckets.map(\.breakdown)
    for other in others {
      #expect(other.summarize(buckets: weeks, options: options) == summary)
      #expect(other.summarize(buckets: weeks, options: options, detail: false).buckets.map(\.breakdown) == rows)
    }
    // Read for totals without a cache, the digests keep the split beside them (no second read).
    #expect(others[1].keepsSplit == (dimension.tallied != nil))
  }

  /// A split by tag counts an entry in each of its tags: each tag's row of a bucket is the bucket of
  /// the query `tag:NAME`, and the row of no tag the bucket of the entries with none of the tags.
  @Test func eachTagsRowIsTheBucketOfThatTagsQuery() throws {
    let tags = ["restaurant", "home", "takeaway", "café"]
    var random = SplitMix64(seed: 51)
    let lines = JournalDeterminismTests.randomEntries(count: 300, seed: 52).map { line in
      let chosen = tags.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
      return line.setting("tags", "[" + chosen.map { "\"\($0)\"" }.joined(separator: ",") + "]").text
    }
    let journal = JournalDeterminismTests.write(lines, layout: .randomSplitShuffled, seed: 53)
    func buckets(query: String?, by dimension: BreakdownDimension? = nil, weeks: [Period]) throws -> [BucketSummary] {
      var options = AggregationOptions()
      options.query = try query.map { try QueryParser.parse($0) }
      options.breakdown = dimension
      let digests = DigestLoader.load(
        journal: journal.path, options: JournalLoadOptions(threads: 2), rules: DigestRules(options))
      return digests.summarize(buckets: weeks, options: options).buckets
    }
    let span = try #require(DigestLoader.load(journal: journal.path).span)
    let weeks = span.buckets(.week(.monday))
    let split = try buckets(query: nil, by: .tag, weeks: weeks)
    let none = "not:(" + tags.map { "tag:\($0)" }.joined(separator: " or ") + ")"
    for (value, query) in tags.map({ ($0 as String?, "tag:\($0)") }) + [(nil, none)] {
      for (bucket, expected) in zip(split, try buckets(query: query, weeks: weeks)) {
        let row = bucket.breakdown.first { $0.value == value }
        #expect(row?.entries ?? 0 == expected.entries, "\(value ?? "no tag") \(bucket.range)")
        for nutrient in BreakdownTally.nutrients {
          #expect(row?.totals[nutrient] ?? FixedSum() == expected.totals[nutrient], "\(value ?? "no tag") \(nutrient.key)")
        }
      }
    }
    #expect(split.allSatisfy { $0.breakdown.count <= tags.count + 1 })
    #expect(split.contains { $0.breakdown.count == tags.count + 1 })
  }
}
