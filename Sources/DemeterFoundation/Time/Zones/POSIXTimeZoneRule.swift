/// A POSIX TZ rule such as `EST5EDT,M3.2.0,M11.1.0` or `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`: a
/// standard offset and, optionally, a daylight-saving offset with the yearly days and times it
/// starts and ends. TZif footers (RFC 8536 §3.3, with its version 3 extension of transition hours
/// to ±167) and the `TZ` environment variable are written this way.
public struct POSIXTimeZoneRule: Sendable, Hashable {
  /// The day of the year a transition happens on.
  public enum Day: Sendable, Hashable {
    /// `Jn`: day 1–365, February 29 never counted (`J60` is always March 1).
    case julian(Int)
    /// `n`: day 0–365, February 29 counted in leap years.
    case dayOfYear(Int)
    /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1–5, 5 = the last) of month `m`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)
  }

  /// When a transition happens: a day and a local time of day in seconds (may be negative, or
  /// past midnight: -167 to +167 hours).
  public struct Transition: Sendable, Hashable {
    public var day: Day
    public var time: Int
  }

  /// Daylight-saving time: its offset and the transitions into it (in standard local time) and
  /// out of it (in daylight-saving local time).
  public struct DaylightSaving: Sendable, Hashable {
    public var utcOffset: Int
    public var start: Transition
    public var end: Transition
  }

  /// The standard offset east of UTC in seconds (the TZ string's sign is the opposite: `EST5` is -5 h).
  public var standardOffset: Int
  /// Daylight-saving time, if the rule has any.
  public var daylightSaving: DaylightSaving?

  public init(standardOffset: Int, daylightSaving: DaylightSaving? = nil) {
    self.standardOffset = standardOffset
    self.daylightSaving = daylightSaving
  }

  /// The offset east of UTC in force at `unixSeconds`.
  ///
  /// The year is the one of standard local time; both transitions of that year are compared with
  /// the moment. When the start comes after the end in the year (the southern hemisphere), daylight
  /// saving time is in force outside the two.
  public func utcOffset(atUnixSeconds unixSeconds: Int) -> Int {
    guard let saving = daylightSaving else { return standardOffset }
    let (day, _) = TimeText.floorDivMod(unixSeconds + standardOffset, 86_400)
    let year = CivilDate(dayNumber: day).year
    let start = Self.moment(of: saving.start, in: year, utcOffset: standardOffset)
    let end = Self.moment(of: saving.end, in: year, utcOffset: saving.utcOffset)
    let inSaving =
      start < end ? start <= unixSeconds && unixSeconds < end : !(end <= unixSeconds && unixSeconds < start)
    return inSaving ? saving.utcOffset : standardOffset
  }

  /// The moment, in seconds since 1970-01-01T00:00:00Z, of `transition` in `year` for a local time
  /// `utcOffset` east of UTC.
  package static func moment(of transition: Transition, in year: Int, utcOffset: Int) -> Int {
    date(of: transition.day, in: year).dayNumber * 86_400 + transition.time - utcOffset
  }

  /// The date `day` falls on in `year`.
  package static func date(of day: Day, in year: Int) -> CivilDate {
    let january1 = CivilDate(firstOfYear: year)
    switch day {
    case .julian(let number):
      let skipsLeapDay = CivilDate.isLeapYear(year) && number >= 60
      return january1.adding(days: number - 1 + (skipsLeapDay ? 1 : 0))
    case .dayOfYear(let number):
      return january1.adding(days: number)
    case .monthWeekDay(let month, let week, let weekday):
      let first = CivilDate(year: year, month: month, day: 1)!
      // ISO weekday 1 (Monday) … 7 (Sunday) → POSIX 0 (Sunday) … 6.
      let firstWeekday = first.weekday % 7
      var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
      let length = CivilDate.daysInMonth(year: year, month: month)
      while dayOfMonth > length { dayOfMonth -= 7 }
      return first.adding(days: dayOfMonth - 1)
    }
  }
}
