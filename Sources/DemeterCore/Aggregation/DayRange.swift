/// An inclusive range of calendar days: one aggregation bucket (a day, a week, a month, a year or any
/// span). The caller decides how a period is cut into buckets; aggregation only sees the ranges.
public struct DayRange: Sendable, Hashable, CustomStringConvertible {
  /// The first day of the range.
  public let first: CivilDate
  /// The last day of the range (inclusive, never before `first`).
  public let last: CivilDate

  /// The days `first...last`; `first` must not be after `last`.
  public init(first: CivilDate, last: CivilDate) {
    precondition(first <= last, "a day range must not end before it starts")
    self.first = first
    self.last = last
  }

  /// The days of a closed range of dates.
  public init(_ range: ClosedRange<CivilDate>) {
    self.init(first: range.lowerBound, last: range.upperBound)
  }

  /// A range of exactly one day.
  public init(day: CivilDate) {
    self.init(first: day, last: day)
  }

  /// The number of calendar days in the range.
  public var dayCount: Int { last.dayNumber - first.dayNumber + 1 }

  /// Whether `date` lies in the range.
  public func contains(_ date: CivilDate) -> Bool { first <= date && date <= last }

  /// The range as day numbers (`CivilDate.dayNumber`).
  public var dayNumbers: ClosedRange<Int> { first.dayNumber...last.dayNumber }

  /// `2026-11-16..2026-11-22`, or a single date.
  public var description: String { first == last ? first.description : "\(first)..\(last)" }
}
