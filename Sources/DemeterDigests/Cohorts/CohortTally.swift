import DemeterFoundation
import DemeterJournal

/// One person's day totals added up by bucket (manual: many-journals): all a cohort report needs of a
/// journal, kept in place of its digests, so a cohort of thousands holds a few kilobytes a person.
public struct CohortTally: Sendable {
  /// What the logged days of one bucket add up to.
  private struct Sums: Sendable {
    package var entries = 0
    package var needsReview = 0
    package var daysLogged = 0
    package var nutrients = NutrientSums()

    package mutating func add(_ day: DigestTotals) {
      entries += Int(day.entries)
      needsReview += Int(day.needsReview)
      daysLogged += 1
      nutrients += day.sums
    }

    package mutating func add(_ other: Sums) {
      entries += other.entries
      needsReview += other.needsReview
      daysLogged += other.daysLogged
      nutrients += other.nutrients
    }
  }

  /// The size of the buckets the days are added up by.
  public let size: BucketSize
  /// The dates with entries (`CivilDate.dayNumber`), sorted.
  private var loggedDays: [Int32] = []
  /// The first day of each bucket holding a logged day, sorted, and what its days add up to.
  private var starts: [Int32] = []
  private var sums: [Sums] = []
  /// With a split (`AggregationOptions.breakdown`), each such bucket's rows, one per value; else empty.
  private var splits: [[BreakdownRow]] = []
  private let goals: Goals
  private let goalTolerance: FixedDecimal

  /// The totals of `digests` by bucket of `size`, under the goals of `options`, each bucket split
  /// by `options.breakdown` if given (`JournalDigests.breakdown(of:by:)`).
  /// - Precondition: `options` imply the digests' rules.
  /// - Complexity: O(d) for d dates with entries, plus the merge of their detail for a split.
  public init(_ digests: JournalDigests, size: BucketSize, options: AggregationOptions) {
    precondition(DigestRules(options) == digests.rules, "the digests were made under other rules")
    self.size = size
    goals = options.goals
    goalTolerance = options.goalTolerance
    loggedDays.reserveCapacity(digests.days.count)
    for day in digests.days {
      loggedDays.append(day.day)
      let start = Int32(Period.bucketStart(of: day.date, size).dayNumber)
      if starts.last != start {
        starts.append(start)
        sums.append(Sums())
      }
      sums[sums.count - 1].add(day)
    }
    guard let dimension = options.breakdown else { return }
    let read = dimension.tallied == nil ? digests : digests.withSplit
    splits = starts.map { start in
      read.breakdown(of: Period.bucket(containing: CivilDate(dayNumber: Int(start)), size), by: dimension)
    }
  }

  /// The first to the last date with entries; nil for a journal without entries.
  public var span: Period? {
    guard let first = loggedDays.first, let last = loggedDays.last else { return nil }
    return Period(first: CivilDate(dayNumber: Int(first)), last: CivilDate(dayNumber: Int(last)))
  }

  /// The dates with entries in `period` (`CivilDate.dayNumber`), sorted.
  /// - Complexity: O(log d).
  public func loggedDays(in period: Period) -> ArraySlice<Int32> {
    loggedDays[Self.positions(in: period, of: loggedDays)]
  }

  /// The dates in `period` on which any of `tallies` has entries (`CivilDate.dayNumber`), sorted.
  /// - Complexity: O(d + r/64) for d dates with entries in `period` and r days from the first of
  ///   them to the last.
  public static func loggedDays(of tallies: [CohortTally], in period: Period) -> [Int] {
    let days = tallies.map { $0.loggedDays(in: period) }.filter { !$0.isEmpty }
    guard let first = days.lazy.map({ Int($0.first!) }).min(),
      let last = days.lazy.map({ Int($0.last!) }).max()
    else { return [] }
    var seen = [UInt64](repeating: 0, count: (last - first) / 64 + 1)
    for day in days.joined() {
      let offset = Int(day) - first
      seen[offset / 64] |= 1 << UInt64(offset % 64)
    }
    var result: [Int] = []
    for (position, word) in seen.enumerated() {
      var rest = word
      while rest != 0 {
        result.append(first + position * 64 + rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
    return result
  }

  /// The person's member of each of `buckets` and of their union, each what the person's day
  /// digests of its days add up to (`CohortMember`).
  /// - Precondition: `buckets` are in order and do not overlap, each one bucket of `size` or a run
  ///   of them (as `Period.buckets(_:logged:)` gives them).
  /// - Complexity: O(b log s + s) for b buckets and s buckets of `size` holding a logged day.
  public func members(buckets: [Period]) -> (buckets: [CohortMember], whole: CohortMember) {
    precondition(!buckets.isEmpty, "a cohort report needs at least one bucket")
    var whole = Sums()
    let members = buckets.map { bucket in
      precondition(Period.bucketStart(of: bucket.first, size) == bucket.first, "a bucket of another size")
      var bucketSums = Sums()
      for position in Self.positions(in: bucket, of: starts) { bucketSums.add(sums[position]) }
      whole.add(bucketSums)
      return member(bucketSums)
    }
    return (members, member(whole))
  }

  /// The rows of each of `buckets` (as `members(buckets:)` takes them), one per value, what the
  /// person's entries of its days add up to; empty without a split.
  /// - Complexity: O(b log s + r) for b buckets, s buckets of `size` holding a logged day and r rows.
  public func breakdown(buckets: [Period]) -> [[BreakdownRow]] {
    guard !splits.isEmpty else { return buckets.map { _ in [] } }
    return buckets.map { bucket in
      BreakdownRow.summed(Self.positions(in: bucket, of: starts).lazy.flatMap { splits[$0] })
    }
  }

  private func member(_ sums: Sums) -> CohortMember {
    CohortMember(
      entries: sums.entries, daysLogged: sums.daysLogged, needsReview: sums.needsReview,
      totals: GoalTotals { FixedSum(billionths: sums.nutrients[$0.nutrient.ordinal]) },
      goals: goals, goalTolerance: goalTolerance)
  }

  /// The positions in `days` (sorted day numbers) of those in `period`.
  private static func positions(in period: Period, of days: [Int32]) -> Range<Int> {
    let first = days.partitioningIndex { Int($0) >= period.first.dayNumber }
    return first..<days[first...].partitioningIndex { Int($0) > period.last.dayNumber }
  }
}
