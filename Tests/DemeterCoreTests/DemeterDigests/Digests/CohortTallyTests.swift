import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A person's cohort members added up from their tally (`CohortTally.members`) are those of their
/// bucket summaries (`summarize`, then `CohortMember(_:options:)`), on random journals and buckets
/// of every size, single or in runs, with gaps between them; the tally's logged days and span are the
/// digests'; and the exact comparison of daily averages takes its 128-bit path only where it agrees
/// with the full-width one.
@Suite struct CohortTallyTests {
  typealias Read = TotalsOnlyIndexReadTests

  @Test(arguments: JournalDeterminismTests.Layout.allCases)
  func membersEqualThoseOfTheBucketSummaries(layout: JournalDeterminismTests.Layout) throws {
    let journal = Read.journal(layout, seed: 81)
    let digests = Read.load(journal, Read.noCache)
    var options = Read.options
    options.goals = Goals(calories: FixedDecimal(2_000), fat: FixedDecimal(70))
    let span = try #require(digests.span)
    var random = SplitMix64(seed: 82)
    for size in [BucketSize.day, .week(.monday), .week(.sunday), .month, .year] {
      let tally = CohortTally(digests, size: size, options: options)
      #expect(tally.span == span)
      var bucketings = [span.buckets(size)]
      for _ in 0..<20 {
        let first = span.first.adding(days: Int.random(in: -40...40, using: &random))
        let last = first.adding(days: Int.random(in: 0...90, using: &random))
        bucketings.append(Self.runs(of: Period(first: first, last: last).buckets(size), &random))
        let period = Period(first: first, last: last)
        #expect(tally.loggedDays(in: period) == digests.days(in: period).map(\.day)[...])
      }
      for buckets in bucketings {
        let members = tally.members(buckets: buckets)
        let aggregate = digests.summarize(buckets: buckets, options: options, detail: false, trend: false)
        #expect(members.buckets == aggregate.buckets.map { CohortMember($0, options: options) })
        #expect(members.whole == CohortMember(aggregate.whole, options: options))
      }
    }
  }

  @Test func loggedDaysOfSeveralAreTheUnionOfEachOnes() throws {
    let tallies = [84, 85, 86].map { (seed: UInt64) in
      let digests = Read.load(Read.journal(.oneFile, seed: seed), Read.noCache)
      return CohortTally(digests, size: .day, options: Read.options)
    }
    let spans = try tallies.map { try #require($0.span) }
    var random = SplitMix64(seed: 87)
    for _ in 0..<30 {
      let first = spans[0].first.adding(days: Int.random(in: -20...200, using: &random))
      let period = Period(first: first, last: first.adding(days: Int.random(in: 0...400, using: &random)))
      let union = Set(tallies.flatMap { $0.loggedDays(in: period) }.map { Int($0) })
      #expect(CohortTally.loggedDays(of: tallies, in: period) == union.sorted())
    }
    #expect(CohortTally.loggedDays(of: [], in: spans[0]).isEmpty)
  }

  /// `buckets` with random runs of neighbours made one bucket and random ones left out.
  private static func runs(of buckets: [Period], _ random: inout SplitMix64) -> [Period] {
    var result: [Period] = []
    var position = 0
    while position < buckets.count {
      let end = min(buckets.count, position + Int.random(in: 1...3, using: &random))
      if result.isEmpty || Bool.random(using: &random) {
        result.append(Period(first: buckets[position].first, last: buckets[end - 1].last))
      }
      position = end
    }
    return result
  }

  @Test func dailyAveragesCompareAsTheirExactValues() {
    var random = SplitMix64(seed: 83)
    let magnitudes: [Int128] = [1, 1_000_000_000, 1 << 62, 1 << 95, 1 << 96, 1 << 110, Int128.max / 2]
    func average() -> DailyAverage {
      let magnitude = magnitudes[Int.random(in: 0..<magnitudes.count, using: &random)]
      let total = Int128(Int64.random(in: .min ... .max, using: &random)) % magnitude
      let days = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 1...(1 << 40), using: &random)
        : Int.random(in: 1...400, using: &random)
      return DailyAverage(total: FixedSum(billionths: total * (magnitude / (1 << 63) + 1)), days: days)
    }
    for _ in 0..<20_000 {
      let (a, b) = (average(), average())
      let left = a.total.billionths.multipliedFullWidth(by: Int128(b.days))
      let right = b.total.billionths.multipliedFullWidth(by: Int128(a.days))
      let less = left.high != right.high ? left.high < right.high : left.low < right.low
      #expect((a < b) == less)
    }
  }
}
