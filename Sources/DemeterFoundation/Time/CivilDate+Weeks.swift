extension CivilDate {
  /// The ISO weekday: Monday = 1 … Sunday = 7.
  public var weekday: Int {
    // 1970-01-01 was a Thursday (4).
    let remainder = (dayNumber + 3) % 7
    return (remainder < 0 ? remainder + 7 : remainder) + 1
  }

  /// The ISO 8601 week-year and week number (1–53) containing this date.
  ///
  /// The week-year is the calendar year of the week's Thursday, so it differs from the calendar
  /// year for a few days around New Year: 2015-12-28 is in 2015-W53, 2021-01-03 in 2020-W53,
  /// 2024-12-30 in 2025-W01.
  public var isoWeek: (year: Int, week: Int) {
    let thursday = adding(days: 4 - weekday)
    return (thursday.year, (thursday.dayOfYear - 1) / 7 + 1)
  }

  /// The ISO week label `YYYY-Www` (`2026-W47`), with the ISO week-year.
  public var isoWeekLabel: String {
    let (year, week) = isoWeek
    return CivilDate.pad(year, 4) + "-W" + CivilDate.pad(week, 2)
  }

  /// The Monday that starts ISO week `week` of `isoWeekYear`, or nil if that year has no such week.
  public init?(isoWeekYear: Int, week: Int) {
    guard week >= 1, week <= CivilDate.isoWeekCount(inYear: isoWeekYear),
      let january4 = CivilDate(year: isoWeekYear, month: 1, day: 4)
    else { return nil }
    self = january4.adding(days: 1 - january4.weekday + (week - 1) * 7)
  }

  /// The number of ISO weeks in a week-year: 53 when it starts on a Thursday, or on a Wednesday
  /// in a leap year; otherwise 52.
  public static func isoWeekCount(inYear year: Int) -> Int {
    guard let december28 = CivilDate(year: year, month: 12, day: 28) else { return 52 }
    return december28.isoWeek.week
  }

  /// The first day of the week containing `date`, for weeks starting on `start`.
  public static func weekStart(of date: CivilDate, _ start: WeekStart) -> CivilDate {
    let back = (date.weekday - start.isoWeekday + 7) % 7
    return date.adding(days: -back)
  }

  /// The label of the week containing `date`: the ISO label (`2026-W47`) for Monday weeks,
  /// otherwise `week of` and the week's first day (`week of 2026-11-15`).
  public static func weekLabel(of date: CivilDate, _ start: WeekStart) -> String {
    switch start {
    case .monday: return date.isoWeekLabel
    case .sunday, .saturday: return "week of " + weekStart(of: date, start).description
    }
  }
}
