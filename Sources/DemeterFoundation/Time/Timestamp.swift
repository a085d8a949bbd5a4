/// An RFC 3339 timestamp as written in a journal: the local wall-clock date and time, and the
/// UTC offset it was written with (nil when the text had no offset: wall-clock time).
public struct Timestamp: Sendable, Hashable {
  /// The calendar date as written (the entry's local date).
  public var localDate: CivilDate
  /// Seconds after local midnight, 0..<86_400 (a leap second `:60` is folded into `:59`).
  public var secondOfDay: Int
  /// Fraction of the second, in nanoseconds.
  public var nanosecond: Int
  /// Offset from UTC in seconds (`Z` is 0), or nil for wall-clock time without an offset.
  public var utcOffsetSeconds: Int?

  public init(localDate: CivilDate, secondOfDay: Int, nanosecond: Int = 0, utcOffsetSeconds: Int?) {
    self.localDate = localDate
    self.secondOfDay = secondOfDay
    self.nanosecond = nanosecond
    self.utcOffsetSeconds = utcOffsetSeconds
  }
}
