import Testing

@testable import DemeterCore

/// A person's cohort members added up from day totals (`JournalDigests.cohortMembers`) are those of
/// their bucket summaries (`summarize`, then `CohortMember(_:options:)`), on random journals and
/// buckets of every size, with gaps and overlaps; and the exact comparison of daily averages takes
/// its 128-bit path only where it agrees with the full-width one.
@Suite struct CohortMembersTests {
  typealias Read = TotalsOnlyIndexReadTests

  @Test(arguments: JournalDeterminismTests.Layout.allCases)
  func membersEqualThoseOfTheBucketSummaries(layout: JournalDeterminismTests.Layout) throws {
    let journal = Read.journal(layout, seed: 81)
    let digests = Read.load(journal, Read.noCache)
    var options = Read.options
    options.goals = Goals(calories: FixedDecimal(2_000), fat: FixedDecimal(70))
    let span = try #require(digests.span)
    var random = SplitMix64(seed: 82)
    var bucketings = [BucketSize.day, .week(.monday), .week(.sunday), .month, .year].map { span.buckets($0) }
    for _ in 0..<20 {
      bucketings.append(
        (0..<Int.random(in: 1...6, using: &random)).map { _ in
          let first = span.first.dayNumber + Int.random(in: -3...40, using: &random)
          let last = first + Int.random(in: 0...20, using: &random)
          return Period(first: CivilDate(dayNumber: first), last: CivilDate(dayNumber: last))
        })
    }
    for buckets in bucketings {
      let members = digests.cohortMembers(buckets: buckets, options: options)
      let aggregate = digests.summarize(buckets: buckets, options: options, detail: false, trend: false)
      #expect(members.buckets == aggregate.buckets.map { CohortMember($0, options: options) })
      #expect(members.whole == CohortMember(aggregate.whole, options: options))
    }
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
