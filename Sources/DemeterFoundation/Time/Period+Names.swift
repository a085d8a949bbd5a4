extension Period {
  /// The month names, January first: `march` and its first three letters `mar` name a month.
  public static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]

  /// The weekday names, Monday first (ISO weekday 1): `monday` and `mon` name a day.
  public static let weekdayNames = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  /// A period named in words rather than digits (manual: journal "Weeks and periods"), or nil when
  /// `word` (lowercased, single spaces) is none of these:
  /// - a month name (`march`, or `mar`): the most recent such month that has begun, this year's
  ///   when it is this month or earlier in the year, else last year's; `march 2025` is that year's;
  /// - a weekday name (`monday`, or `mon`): the most recent such day up to today, today when today
  ///   is one;
  /// - `N days ago` (one day), `N weeks ago` (the week holding the day 7×N days ago), `N months
  ///   ago`, `N years ago` (the whole month or year N before this one); N is 0–10000.
  static func named(_ word: String, today: CivilDate, weekStart: WeekStart) throws(PeriodError) -> Period? {
    let parts = word.split(separator: " ").map(String.init)
    if let month = index(of: parts[0], in: monthNames) {
      return try monthPeriod(month, year: parts.count == 2 ? parts[1] : nil, words: parts.count, today: today)
    }
    if parts.count == 1, let weekday = index(of: parts[0], in: weekdayNames) {
      let back = (today.weekday - (weekday + 1) + 7) % 7
      return Period(day: today.adding(days: -back))
    }
    if parts.count == 3, parts[2] == "ago" {
      return try ago(parts[0], parts[1], today: today, weekStart: weekStart)
    }
    return nil
  }

  /// The position of `word` in `names`, written in full or as its first three letters.
  private static func index(of word: String, in names: [String]) -> Int? {
    names.firstIndex { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }
  }

  /// Month `month` (0-based) of `year` (4 digits), else the most recent one up to today's month.
  private static func monthPeriod(_ month: Int, year: String?, words: Int, today: CivilDate)
    throws(PeriodError) -> Period
  {
    let name = monthNames[month]
    guard words <= 2 else {
      throw PeriodError(text: name, message: "a month is written like march or march 2025")
    }
    guard let year else {
      let thisYear = month + 1 <= today.month ? today.year : today.year - 1
      return .month(containing: CivilDate(year: thisYear, month: month + 1, day: 1)!)
    }
    guard year.utf8.count == 4, year.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(year),
      let first = CivilDate(year: number, month: month + 1, day: 1)
    else {
      throw PeriodError(text: year, message: "expected a 4-digit year after '\(name)', like \(name) 2025")
    }
    return .month(containing: first)
  }

  /// `N unit ago`: the day, week, month or year N of them before today's.
  private static func ago(_ count: String, _ unit: String, today: CivilDate, weekStart: WeekStart)
    throws(PeriodError) -> Period
  {
    guard let number = Int(count), count.utf8.allSatisfy({ (48...57).contains($0) }) else {
      throw PeriodError(text: count, message: "expected a count before the unit, like 3 days ago")
    }
    guard number <= 10_000 else {
      throw PeriodError(text: count, message: "the count before 'ago' must be 0–10000")
    }
    switch unit {
    case "day", "days": return Period(day: today.adding(days: -number))
    case "week", "weeks": return .week(containing: today.adding(days: -7 * number), weekStart)
    case "month", "months": return .month(containing: today.firstDayOfMonth.adding(months: -number))
    case "year", "years": return .year(containing: CivilDate(firstOfYear: today.year - number))
    default:
      throw PeriodError(text: unit, message: "the unit before 'ago' is days, weeks, months or years")
    }
  }
}
