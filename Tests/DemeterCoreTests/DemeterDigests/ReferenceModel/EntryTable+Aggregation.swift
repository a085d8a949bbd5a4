@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EntryTable {
  /// Aggregates the table over caller-made buckets (manual: reports): one summary per bucket in the order given
  /// (empty buckets included, with zeros), a summary of the union of the buckets' days, the change of
  /// each bucket's daily averages against the bucket before it, and a trailing moving average of daily
  /// calories for every day of the buckets.
  ///
  /// Sums are exact (`FixedSum`) and built from per-day totals; lists are sorted by value, so the result
  /// is identical whatever the order of the rows or how they were split into files.
  ///
  /// - Parameters:
  ///   - buckets: the buckets to report, at least one; they may leave gaps or overlap.
  ///   - previous: the range before the first bucket, for the first bucket's `change`; nil leaves it nil.
  ///   - options: thresholds, goals, tolerances and list lengths.
  /// - Complexity: O(n + D + Σ(dᵢ + rᵢ log rᵢ)) for n table rows, D days from the earliest day needed
  ///   (moving-average window, `previous`) to the last, and dᵢ days and rᵢ rows in each bucket and the union.
  public func summarize(
    buckets: [Period], previous: Period? = nil, options: AggregationOptions = AggregationOptions()
  ) -> PeriodAggregate {
    precondition(!buckets.isEmpty, "summarize needs at least one bucket")
    let union = Period.union(of: buckets.map(\.dayNumbers))
    let spanFirst = union[0].lowerBound
    let spanLast = union[union.count - 1].upperBound
    var needFirst = spanFirst - (options.movingAverageDays - 1)
    var needLast = spanLast
    if let previous {
      needFirst = min(needFirst, previous.first.dayNumber)
      needLast = max(needLast, previous.last.dayNumber)
    }
    let aggregator = BucketAggregator(
      table: self,
      covering: Period(first: CivilDate(dayNumber: needFirst), last: CivilDate(dayNumber: needLast)),
      options: options)

    // Each summary is independent of the others (the aggregator's tallies are drained after each);
    // changes are linked after.
    let wholeSpan = Period(first: CivilDate(dayNumber: spanFirst), last: CivilDate(dayNumber: spanLast))
    var summarizing = aggregator
    var summaries = buckets.map { summarizing.summary(of: $0, days: [$0.dayNumbers]) }
    let whole = summarizing.summary(of: wholeSpan, days: union)
    var before = previous.map { aggregator.loggedTotals(of: $0) }
    for index in summaries.indices {
      if let before {
        summaries[index].change = DailyChange(
          from: before.totals, days: before.days, to: summaries[index].totals,
          days: summaries[index].daysLogged)
      }
      before = (summaries[index].totals, summaries[index].daysLogged)
    }
    return PeriodAggregate(
      options: options, buckets: summaries, whole: whole, movingAverage: aggregator.movingAverage(over: union)
    )
  }
}
