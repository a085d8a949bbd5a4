extension Period {
  /// The period words relative to today (manual: journal), declared once: `parse` reads them and the
  /// command line's completions offer them.
  public static let namedWords: [(word: String, period: @Sendable (CivilDate, WeekStart) -> Period)] = [
    ("today", { today, _ in Period(day: today) }),
    ("yesterday", { today, _ in Period(day: today.adding(days: -1)) }),
    ("this week", { today, weekStart in .week(containing: today, weekStart) }),
    ("last week", { today, weekStart in .week(containing: today.adding(days: -7), weekStart) }),
    ("next week", { today, weekStart in .week(containing: today.adding(days: 7), weekStart) }),
    ("this month", { today, _ in .month(containing: today) }),
    ("last month", { today, _ in .month(containing: today.firstDayOfMonth.adding(days: -1)) }),
    ("next month", { today, _ in .month(containing: today.firstDayOfNextMonth) }),
    ("this year", { today, _ in .year(containing: today) }),
    ("last year", { today, _ in .year(containing: today.firstDayOfYear.adding(days: -1)) }),
  ]

  /// The units of `last N <unit>`, plural (the singular is read too).
  public static let countUnits = ["days", "weeks", "months", "years"]

  /// Reads a period word (manual: journal "Weeks and periods"), relative to `today`.
  ///
  /// Spellings (letter case and extra spaces do not matter):
  /// - `today`, `yesterday`;
  /// - `this week`, `last week`, `next week` (weeks starting on `weekStart`), `this month`,
  ///   `last month`, `next month`, `this year`, `last year` (in January, `last month` is the previous
  ///   December);
  /// - month and weekday names, `N days ago` and the like (`named`);
  /// - `last N days` (today and the N−1 days before), `last N weeks` (the current week and the N−1
  ///   whole weeks before it, so the period may end after today), `last N months`, `last N years`
  ///   (likewise whole months and years); N is 1–10000 and the unit may be singular;
  /// - `2026-11-21` (a day), `2026-W47` (an ISO week, always Monday–Sunday whatever `weekStart`),
  ///   `2026-11` (a month), `2026` (a year);
  /// - `A..B`, where A and B are any of the above: from the first day of A through the last day of B.
  ///   A range that starts after it ends is an error.
  public static func parse(_ text: String, today: CivilDate, weekStart: WeekStart) throws(PeriodError)
    -> Period
  {
    let normalized = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(
      separator: " ")
    let sides = normalized.split(separator: "..", omittingEmptySubsequences: false)
    do throws(PeriodError) {
      switch sides.count {
      case 1:
        return try single(normalized, today: today, weekStart: weekStart)
      case 2:
        let from = String(sides[0]).trimmingSpacesAndNewlines()
        let through = String(sides[1]).trimmingSpacesAndNewlines()
        guard !from.isEmpty, !through.isEmpty else {
          throw PeriodError(
            text: text, message: "a range needs a start and an end, like 2026-11-01..2026-11-21")
        }
        let start = try single(from, today: today, weekStart: weekStart)
        let end = try single(through, today: today, weekStart: weekStart)
        guard start.first <= end.last else {
          throw PeriodError(
            text: text, message: "the range starts after it ends (\(start.first) is after \(end.last))")
        }
        return Period(first: start.first, last: end.last)
      default:
        throw PeriodError(text: text, message: "a range has one '..' between its start and its end")
      }
    } catch {
      throw PeriodError(text: text, message: error.message)
    }
  }

  /// One period word, already lowercased with single spaces.
  private static func single(_ word: String, today: CivilDate, weekStart: WeekStart) throws(PeriodError)
    -> Period
  {
    if word.isEmpty { throw PeriodError(text: word, message: "the period is empty") }
    if let named = namedWords.first(where: { $0.word == word }) { return named.period(today, weekStart) }
    if word.hasPrefix("last ") {
      return try lastCount(String(word.dropFirst(5)), today: today, weekStart: weekStart)
    }
    if let named = try named(word, today: today, weekStart: weekStart) { return named }
    if let first = word.utf8.first, (48...57).contains(first) {
      return try calendarPeriod(word)
    }
    throw PeriodError(text: word, message: "unknown period word")
  }

  /// `N days|weeks|months|years` after `last `.
  private static func lastCount(_ rest: String, today: CivilDate, weekStart: WeekStart) throws(PeriodError)
    -> Period
  {
    let parts = rest.split(separator: " ")
    guard parts.count == 2, let count = Int(parts[0]), parts[0].utf8.allSatisfy({ (48...57).contains($0) })
    else {
      throw PeriodError(text: rest, message: "expected a count and a unit after 'last', like last 4 weeks")
    }
    guard (1...10_000).contains(count) else {
      throw PeriodError(text: rest, message: "the count after 'last' must be 1–10000")
    }
    switch parts[1] {
    case "day", "days":
      return Period(first: today.adding(days: -(count - 1)), last: today)
    case "week", "weeks":
      let current = Period.week(containing: today, weekStart)
      return Period(first: current.first.adding(days: -7 * (count - 1)), last: current.last)
    case "month", "months":
      return Period(first: today.firstDayOfMonth.adding(months: -(count - 1)), last: today.lastDayOfMonth)
    case "year", "years":
      return Period(first: CivilDate(firstOfYear: today.year - (count - 1)), last: today.lastDayOfYear)
    default:
      throw PeriodError(text: rest, message: "the unit after 'last \(count)' is days, weeks, months or years")
    }
  }

  /// `YYYY`, `YYYY-MM`, `YYYY-wWW` or `YYYY-MM-DD` (lowercased).
  private static func calendarPeriod(_ word: String) throws(PeriodError) -> Period {
    var text = word
    let result: Result<Period, TimestampError> = text.withUTF8 { bytes in
      switch bytes.count {
      case 4:
        return TimeText.digits(bytes, at: 0, count: 4)
          .map { Period.year(containing: CivilDate(firstOfYear: $0)) }
          .mapError { _ in TimestampError(offset: 0, message: "expected a 4-digit year") }
      case 7:
        return yearMonth(bytes)
      case 8 where bytes[5] == UInt8(ascii: "w"):
        return isoWeek(bytes)
      case 10:
        return CivilDate.parse(bytes).map { Period(day: $0) }
      default:
        return .failure(
          TimestampError(offset: 0, message: "expected a date like 2026-11-21, 2026-W47, 2026-11 or 2026"))
      }
    }
    switch result {
    case .success(let period): return period
    case .failure(let error): throw PeriodError(text: word, message: error.message)
    }
  }

  private static func yearMonth(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Period, TimestampError> {
    guard case .success(let year) = TimeText.digits(bytes, at: 0, count: 4), bytes[4] == UInt8(ascii: "-"),
      case .success(let month) = TimeText.digits(bytes, at: 5, count: 2)
    else {
      return .failure(TimestampError(offset: 0, message: "expected a month like 2026-11"))
    }
    guard let first = CivilDate(year: year, month: month, day: 1) else {
      return .failure(
        TimestampError(offset: 5, message: "month \(TimeText.pad2(month)) is out of range (01–12)"))
    }
    return .success(.month(containing: first))
  }

  private static func isoWeek(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Period, TimestampError> {
    guard case .success(let year) = TimeText.digits(bytes, at: 0, count: 4), bytes[4] == UInt8(ascii: "-"),
      case .success(let week) = TimeText.digits(bytes, at: 6, count: 2)
    else {
      return .failure(TimestampError(offset: 0, message: "expected an ISO week like 2026-W47"))
    }
    guard let monday = CivilDate(isoWeekYear: year, week: week) else {
      let count = CivilDate.isoWeekCount(inYear: year)
      return .failure(
        TimestampError(
          offset: 6, message: "week \(TimeText.pad2(week)) is out of range: \(year) has weeks 01–\(count)"))
    }
    return .success(Period(first: monday, last: monday.adding(days: 6)))
  }
}
