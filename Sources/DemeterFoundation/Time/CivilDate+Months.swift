extension CivilDate {
  /// The day of the year, 1 for January 1 … 365 or 366 for December 31.
  public var dayOfYear: Int {
    dayNumber - CivilDate(firstOfYear: year).dayNumber + 1
  }

  /// The first day of this date's month.
  public var firstDayOfMonth: CivilDate { adding(days: 1 - day) }

  /// The last day of this date's month.
  public var lastDayOfMonth: CivilDate {
    let (year, month, day) = components
    return adding(days: CivilDate.daysInMonth(year: year, month: month) - day)
  }

  /// The first day of the month after this date's month.
  public var firstDayOfNextMonth: CivilDate { lastDayOfMonth.adding(days: 1) }

  /// January 1 of this date's year.
  public var firstDayOfYear: CivilDate { CivilDate(firstOfYear: year) }

  /// December 31 of this date's year.
  public var lastDayOfYear: CivilDate { CivilDate(firstOfYear: year + 1).adding(days: -1) }

  /// January 1 of the year after this date's year.
  public var firstDayOfNextYear: CivilDate { CivilDate(firstOfYear: year + 1) }

  /// The same day `months` months later (earlier if negative), clamped to the end of a shorter
  /// month: 2026-01-31 plus one month is 2026-02-28.
  public func adding(months: Int) -> CivilDate {
    let (year, month, day) = components
    let index = year * 12 + (month - 1) + months
    let (newYear, newMonthIndex) = TimeText.floorDivMod(index, 12)
    let newDay = min(day, CivilDate.daysInMonth(year: newYear, month: newMonthIndex + 1))
    // Always a valid date: the day was clamped to the month's length.
    return CivilDate(year: newYear, month: newMonthIndex + 1, day: newDay) ?? self
  }

  /// The same day `years` years later (earlier if negative); February 29 becomes February 28.
  public func adding(years: Int) -> CivilDate { adding(months: years * 12) }

  /// January 1 of `year`.
  package init(firstOfYear year: Int) {
    self = CivilDate(year: year, month: 1, day: 1) ?? CivilDate(dayNumber: 0)
  }
}
