import DemeterFoundation

/// The trend weight of a body log (manual: body-log): the Hacker's Diet exponentially smoothed moving
/// average, α = 0.1 a day, kept in billionths of a kilogram, every step rounded half to even.
///
/// A day's weight is the mean of its weigh-ins (in the day their timestamps count for). The first
/// weigh-in day's trend is its weight; a weigh-in day g days after the previous one moves the
/// trend as g daily steps toward its weight would (`trend += (weight − trend) / 10`, each rounded
/// half to even to the billionth; α_g = 1 − 0.9^g up to that rounding), stopping early once a step
/// rounds to 0; a day without a weigh-in carries the trend of the day before.
public struct BodyTrend: Sendable, Hashable {
  /// One day from the first weigh-in on.
  public struct Day: Sendable, Hashable {
    public var date: CivilDate
    /// The mean of the day's weigh-ins, in kilograms; nil on a day without one.
    public var weight: FixedDecimal?
    public var weighIns: Int
    /// The trend weight at the end of the day, in kilograms.
    public var trend: FixedDecimal
  }

  /// Every day from the first weigh-in's to the last one's (or to `through`, when later).
  public var days: [Day]

  /// The trend of `measurements`, each counted for the date of its timestamp in `zone`, through
  /// `through` when it is after the last weigh-in.
  public init(_ measurements: [BodyMeasurement], zone: TimeZoneRule, through: CivilDate? = nil) {
    var sums: [CivilDate: (billionths: Int128, count: Int)] = [:]
    for measurement in measurements {
      let date = measurement.timestamp.converted(to: zone).localDate
      sums[date, default: (0, 0)].billionths += Int128(measurement.kilograms.billionths)
      sums[date, default: (0, 0)].count += 1
    }
    let weighed = sums.keys.sorted()
    guard let first = weighed.first, let lastWeighed = weighed.last else {
      days = []
      return
    }
    let last = max(lastWeighed, through ?? lastWeighed)
    var trend: Int128 = 0
    var previous: CivilDate?
    days = []
    days.reserveCapacity(last.dayNumber - first.dayNumber + 1)
    for number in first.dayNumber...last.dayNumber {
      let date = CivilDate(dayNumber: number)
      guard let sum = sums[date] else {
        days.append(Day(date: date, weight: nil, weighIns: 0, trend: FixedDecimal(billionths: Int64(trend))))
        continue
      }
      let weight = HalfEven.quotient(sum.billionths, Int128(sum.count))
      if let previous {
        trend = Self.stepped(trend, toward: weight, days: date.dayNumber - previous.dayNumber)
      } else {
        trend = weight
      }
      previous = date
      days.append(
        Day(
          date: date, weight: FixedDecimal(billionths: Int64(weight)), weighIns: sum.count,
          trend: FixedDecimal(billionths: Int64(trend))))
    }
  }

  /// `trend` after `days` daily steps toward `weight` (billionths of a kilogram).
  static func stepped(_ trend: Int128, toward weight: Int128, days: Int) -> Int128 {
    var trend = trend
    for _ in 0..<days {
      let step = HalfEven.quotient(weight - trend, 10)
      if step == 0 { break }
      trend += step
    }
    return trend
  }

  /// The day `date`, if the trend reaches it.
  public func day(_ date: CivilDate) -> Day? {
    guard let first = days.first, date >= first.date, date.dayNumber - first.date.dayNumber < days.count
    else { return nil }
    return days[date.dayNumber - first.date.dayNumber]
  }
}
