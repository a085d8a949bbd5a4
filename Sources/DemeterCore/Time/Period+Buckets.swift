/// The size of the buckets a period is split into for per-day, per-week, per-month or per-year rows.
public enum BucketSize: Sendable, Hashable {
  case day
  case week(WeekStart)
  case month
  case year
}

extension Period {
  /// The first day of the bucket of `size` containing `date`.
  public static func bucketStart(of date: CivilDate, _ size: BucketSize) -> CivilDate {
    switch size {
    case .day: return date
    case .week(let start): return CivilDate.weekStart(of: date, start)
    case .month: return date.firstDayOfMonth
    case .year: return date.firstDayOfYear
    }
  }

  /// The whole bucket of `size` containing `date`.
  public static func bucket(containing date: CivilDate, _ size: BucketSize) -> Period {
    switch size {
    case .day: return Period(day: date)
    case .week(let start): return .week(containing: date, start)
    case .month: return .month(containing: date)
    case .year: return .year(containing: date)
    }
  }

  /// The label of the bucket of `size` containing `date`: `2026-11-21` for a day, the week label
  /// (`2026-W47`, or `week of 2026-11-15` for non-Monday weeks), `2026-11` for a month, `2026` for a year.
  public static func bucketLabel(of date: CivilDate, _ size: BucketSize) -> String {
    switch size {
    case .day: return date.description
    case .week(let start): return CivilDate.weekLabel(of: date, start)
    case .month: return String(date.description.prefix(7))
    case .year: return CivilDate.pad(date.year, 4)
    }
  }

  /// The buckets of `size` that intersect this period, in order.
  ///
  /// Each bucket is reported whole, not clipped to the period: `2026-11-10..2026-11-21` in Monday
  /// weeks gives `2026-11-09..2026-11-15` and `2026-11-16..2026-11-22`. Callers that average over
  /// days should count the days of the bucket that are inside the period.
  ///
  /// - Complexity: O(number of buckets).
  public func buckets(_ size: BucketSize) -> [Period] {
    var result: [Period] = []
    var date = first
    while date <= last {
      let bucket = Period.bucket(containing: date, size)
      result.append(bucket)
      date = bucket.last.adding(days: 1)
    }
    return result
  }
}
