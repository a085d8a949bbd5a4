import DemeterFoundation

/// The aggregates of a period: one summary per bucket, a summary of all of them, and a trend line.
public struct PeriodAggregate: Sendable, Hashable {
  /// The options the aggregates were computed with (thresholds and goals, for renderers to show).
  public var options: AggregationOptions
  /// One summary per requested bucket, in the order requested; empty buckets included.
  public var buckets: [BucketSummary]
  /// The summary of every day of the buckets together.
  public var whole: BucketSummary
  /// One point per day of the buckets, in date order.
  public var movingAverage: [MovingAveragePoint]
}

/// One day of the trailing moving average of daily calories.
///
/// The window is the day and the `movingAverageDays − 1` calendar days before it (including days before
/// the period, when the journal has them). Days without entries are missing values, not zeros: the
/// average is over the logged days of the window, and nil when none is logged.
public struct MovingAveragePoint: Sendable, Hashable {
  public var date: CivilDate
  /// Mean daily calories over the window's logged days.
  public var calories: Double?
  /// How many days of the window are logged.
  public var daysLogged: Int

  public init(date: CivilDate, calories: Double?, daysLogged: Int) {
    self.date = date
    self.calories = calories
    self.daysLogged = daysLogged
  }
}
