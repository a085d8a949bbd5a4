/// An inclusive range of calendar days, from `first` through `last`.
public struct Period: Sendable, Hashable, CustomStringConvertible {
  /// The first day of the period.
  public var first: CivilDate
  /// The last day of the period (inclusive).
  public var last: CivilDate

  /// The days `first` through `last`; `first` must not be after `last`.
  public init(first: CivilDate, last: CivilDate) {
    precondition(first <= last, "a period cannot start after it ends")
    self.first = first
    self.last = last
  }

  /// The single day `date`.
  public init(day date: CivilDate) {
    self.init(first: date, last: date)
  }

  /// The number of days in the period (at least 1).
  public var dayCount: Int { last.dayNumber - first.dayNumber + 1 }

  /// Whether `date` lies in the period.
  public func contains(_ date: CivilDate) -> Bool { first <= date && date <= last }

  /// The days of the period in order.
  public func days() -> some Sequence<CivilDate> {
    (first.dayNumber...last.dayNumber).lazy.map { CivilDate(dayNumber: $0) }
  }

  /// `2026-11-01..2026-11-21`, or just the date for a single day.
  public var description: String {
    first == last ? first.description : first.description + ".." + last.description
  }

  // MARK: - Calendar periods

  /// The week containing `date`, for weeks starting on `start`.
  public static func week(containing date: CivilDate, _ start: WeekStart) -> Period {
    let first = CivilDate.weekStart(of: date, start)
    return Period(first: first, last: first.adding(days: 6))
  }

  /// The month containing `date`.
  public static func month(containing date: CivilDate) -> Period {
    Period(first: date.firstDayOfMonth, last: date.lastDayOfMonth)
  }

  /// The calendar year containing `date`.
  public static func year(containing date: CivilDate) -> Period {
    Period(first: date.firstDayOfYear, last: date.lastDayOfYear)
  }
}

extension Period {
  /// The days of a closed range of dates.
  public init(_ range: ClosedRange<CivilDate>) {
    self.init(first: range.lowerBound, last: range.upperBound)
  }

  /// The period as day numbers (`CivilDate.dayNumber`).
  public var dayNumbers: ClosedRange<Int> { first.dayNumber...last.dayNumber }

  /// The first through the last day of `periods`; nil for none.
  public static func spanning(_ periods: some Sequence<Period>) -> Period? {
    periods.reduce(nil as Period?) { span, period in
      span.map { Period(first: min($0.first, period.first), last: max($0.last, period.last)) } ?? period
    }
  }

  /// Sorted, disjoint ranges covering exactly the days of `ranges` (touching ranges are merged).
  /// - Complexity: O(b log b) for b ranges.
  public static func union(of ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    var merged: [ClosedRange<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
