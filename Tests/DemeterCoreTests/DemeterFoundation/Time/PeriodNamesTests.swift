import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension TimeTests {
  /// `Period.named` through `Period.parse` (manual: reports "Periods"): month and weekday names,
  /// `next week`, `N … ago`.
  @Suite struct PeriodNames {
    /// A Saturday in ISO week 2026-W47.
    static let today = CivilDate.on("2026-11-21")

    @Test(arguments: [
      // A weekday: the most recent one up to today (2026-11-21 is a Saturday).
      ("monday", "2026-11-16", "2026-11-16"), ("Mon", "2026-11-16", "2026-11-16"),
      ("friday", "2026-11-20", "2026-11-20"), ("saturday", "2026-11-21", "2026-11-21"),
      ("sunday", "2026-11-15", "2026-11-15"), ("sun", "2026-11-15", "2026-11-15"),
      // A month: this year's when it has begun, else last year's.
      ("march", "2026-03-01", "2026-03-31"), ("mar", "2026-03-01", "2026-03-31"),
      ("november", "2026-11-01", "2026-11-30"), ("december", "2025-12-01", "2025-12-31"),
      ("Dec", "2025-12-01", "2025-12-31"), ("may", "2026-05-01", "2026-05-31"),
      ("march 2025", "2025-03-01", "2025-03-31"), ("feb 2024", "2024-02-01", "2024-02-29"),
      ("next month", "2026-12-01", "2026-12-31"),
      ("3 days ago", "2026-11-18", "2026-11-18"), ("0 days ago", "2026-11-21", "2026-11-21"),
      ("1 day ago", "2026-11-20", "2026-11-20"), ("1 month ago", "2026-10-01", "2026-10-31"),
      ("12 months ago", "2025-11-01", "2025-11-30"), ("2 years ago", "2024-01-01", "2024-12-31"),
      ("march..may", "2026-03-01", "2026-05-31"), ("monday..today", "2026-11-16", "2026-11-21"),
      ("march 2025..2 days ago", "2025-03-01", "2026-11-19"),
    ])
    func readsNamesTheSameForEveryWeekStart(text: String, first: String, last: String) throws {
      for start in WeekStart.allCases {
        #expect(try Period.parse(text, today: Self.today, weekStart: start) == .from(first, last), "\(start)")
      }
    }

    @Test(arguments: [
      ("next week", WeekStart.monday, "2026-11-23", "2026-11-29"),
      ("next week", .sunday, "2026-11-22", "2026-11-28"),
      ("2 weeks ago", .monday, "2026-11-02", "2026-11-08"),
      ("1 week ago", .saturday, "2026-11-14", "2026-11-20"),
    ])
    func readsWeeksByTheWeekStart(text: String, start: WeekStart, first: String, last: String) throws {
      #expect(try Period.parse(text, today: Self.today, weekStart: start) == .from(first, last))
    }

    @Test func aWeekdayIsTodayOnThatDay() throws {
      for offset in 0..<7 {
        let day = Self.today.adding(days: -offset)
        let name = Period.weekdayNames[day.weekday - 1]
        #expect(try Period.parse(name, today: day, weekStart: .monday) == Period(day: day), "\(name)")
        #expect(try Period.parse(name, today: day.adding(days: 6), weekStart: .monday) == Period(day: day))
      }
    }

    @Test(arguments: [
      ("march 25", "expected a 4-digit year after 'march', like march 2025"),
      ("march 2025 x", "a month is written like march or march 2025"),
      ("3 fortnights ago", "the unit before 'ago' is days, weeks, months or years"),
      ("x days ago", "expected a count before the unit, like 3 days ago"),
      ("10001 days ago", "the count before 'ago' must be 0–10000"),
      ("marc", "unknown period word"),
    ])
    func rejectsWithAClearMessage(text: String, message: String) {
      #expect(throws: PeriodError(text: text, message: message)) {
        try Period.parse(text, today: Self.today, weekStart: .monday)
      }
    }
  }
}
