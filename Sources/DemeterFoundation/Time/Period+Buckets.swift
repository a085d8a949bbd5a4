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

extension Period {
  /// The most empty buckets in a row a report lists one by one. A longer run of buckets without
  /// entries is one gap bucket spanning the whole run, so an empty stretch of centuries (a typo such
  /// as year 9999 in one timestamp) costs one row, not hundreds of thousands: more than 1 000 days,
  /// weeks, months or years without an entry.
  public static let maximumEmptyRun = 1000

  /// The buckets of `size` that intersect this period, in order, as `buckets(_:)` gives them, except
  /// that each run of more than `maximumEmptyRun` buckets holding none of the days `logged` (day
  /// numbers, sorted) is one bucket from the first day of the run's first bucket to the last day of
  /// its last.
  ///
  /// - Complexity: O(buckets returned + `logged.count` + `maximumEmptyRun` per gap bucket).
  public func buckets<Days: Collection>(_ size: BucketSize, logged: Days) -> [Period]
  where Days.Element == Int {
    var result: [Period] = []
    var date = first
    var next = logged.startIndex
    while date <= last {
      while next != logged.endIndex, logged[next] < date.dayNumber { next = logged.index(after: next) }
      // The buckets ending before `stop` are empty: it is the next logged day, or the day after the period.
      let stop = next == logged.endIndex ? last.dayNumber + 1 : min(logged[next], last.dayNumber + 1)
      var run: [Period] = []
      var cursor = date
      while cursor <= last, run.count <= Self.maximumEmptyRun {
        let bucket = Period.bucket(containing: cursor, size)
        guard bucket.last.dayNumber < stop else { break }
        run.append(bucket)
        cursor = bucket.last.adding(days: 1)
      }
      if run.count > Self.maximumEmptyRun {
        let end =
          stop > last.dayNumber
          ? Period.bucket(containing: last, size).last
          : Period.bucketStart(of: CivilDate(dayNumber: stop), size).adding(days: -1)
        result.append(Period(first: run[0].first, last: end))
        date = end.adding(days: 1)
        continue
      }
      result += run
      date = cursor
      if date <= last {
        let bucket = Period.bucket(containing: date, size)
        result.append(bucket)
        date = bucket.last.adding(days: 1)
      }
    }
    return result
  }

  /// The label of `range`, a bucket of `size` or a run of them: the bucket's label
  /// (`bucketLabel(of:_:)`), or `FIRST..LAST`, the labels of the run's first and last buckets.
  public static func bucketLabel(of range: Period, _ size: BucketSize) -> String {
    let first = bucketLabel(of: range.first, size)
    let last = bucketLabel(of: range.last, size)
    return first == last ? first : first + ".." + last
  }
}
