import DemeterFoundation

extension BodyTrend {
  /// What a body report says of the trend over a period (manual: body-log): its weigh-in days, the
  /// last weigh-in, the trend at the first and the last day with one, the change between them and
  /// its weekly rate. A few numbers, whatever the length of the log.
  public struct Stretch: Sendable, Hashable {
    /// The days of the period with a weigh-in.
    public var weighInDays = 0
    /// The weight of the period's last weigh-in day.
    public var lastWeight: FixedDecimal?
    /// The first and the last day of the period with a trend; nil when none has.
    public var first: Day?
    public var last: Day?

    /// The trend's change from `first` to `last`, kg.
    public var change: FixedDecimal? {
      guard let first, let last else { return nil }
      return FixedDecimal(billionths: last.trend.billionths - first.trend.billionths)
    }

    /// The change × 7 ÷ the days from `first` to `last`, kg a week, exact; nil when they are one day.
    public var weeklyRate: ExactFraction? {
      guard let first, let last, let change, last.date > first.date else { return nil }
      return ExactFraction(
        Int128(change.billionths) * 7,
        over: Int128(FixedDecimal.unitsPerOne) * Int128(last.date.dayNumber - first.date.dayNumber))
    }
  }

  /// The trend over `period`.
  /// - Complexity: O(d) for d days of the trend in `period`.
  public func stretch(_ period: Period) -> Stretch {
    var stretch = Stretch()
    guard let start = days.first?.date else { return stretch }
    let from = max(period.first, start)
    guard from <= period.last, let firstDay = day(from) else { return stretch }
    stretch.first = firstDay
    var date = from
    while date <= period.last, let today = day(date) {
      if today.weighIns > 0 {
        stretch.weighInDays += 1
        stretch.lastWeight = today.weight
      }
      stretch.last = today
      date = date.adding(days: 1)
    }
    return stretch
  }
}
