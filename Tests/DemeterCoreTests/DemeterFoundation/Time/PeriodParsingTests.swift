import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension TimeTests {
  @Suite struct PeriodParsing {
    /// A Saturday in ISO week 2026-W47.
    static let today = CivilDate.on("2026-11-21")

    static func parse(_ text: String, today: CivilDate = today, _ start: WeekStart = .monday)
      throws(PeriodError)
      -> Period
    {
      try Period.parse(text, today: today, weekStart: start)
    }

    @Test(arguments: [
      ("today", "2026-11-21", "2026-11-21"), ("yesterday", "2026-11-20", "2026-11-20"),
      ("this month", "2026-11-01", "2026-11-30"), ("last month", "2026-10-01", "2026-10-31"),
      ("this year", "2026-01-01", "2026-12-31"), ("last year", "2025-01-01", "2025-12-31"),
      ("last 30 days", "2026-10-23", "2026-11-21"), ("last 1 day", "2026-11-21", "2026-11-21"),
      ("last 3 months", "2026-09-01", "2026-11-30"), ("last 1 month", "2026-11-01", "2026-11-30"),
      ("last 2 years", "2025-01-01", "2026-12-31"), ("2026-11-21", "2026-11-21", "2026-11-21"),
      ("2026-W47", "2026-11-16", "2026-11-22"), ("2026-w01", "2025-12-29", "2026-01-04"),
      ("2026-W53", "2026-12-28", "2027-01-03"), ("2020-W53", "2020-12-28", "2021-01-03"),
      ("2026-11", "2026-11-01", "2026-11-30"), ("2024-02", "2024-02-01", "2024-02-29"),
      ("2023-02", "2023-02-01", "2023-02-28"), ("2026", "2026-01-01", "2026-12-31"),
      ("2026-11-01..2026-11-21", "2026-11-01", "2026-11-21"),
      ("2026-11-21..2026-11-21", "2026-11-21", "2026-11-21"),
      ("2026-W01..2026-W10", "2025-12-29", "2026-03-08"), ("2026-01..2026-03", "2026-01-01", "2026-03-31"),
      ("2025..2026", "2025-01-01", "2026-12-31"), ("2026-11-01 .. today", "2026-11-01", "2026-11-21"),
      ("last month..this month", "2026-10-01", "2026-11-30"),
      ("2026-11..2026-11-05", "2026-11-01", "2026-11-05"),
      ("  This   MONTH ", "2026-11-01", "2026-11-30"), ("LAST\t30  Days", "2026-10-23", "2026-11-21"),
      ("Today", "2026-11-21", "2026-11-21"),
    ])
    func readsWordsTheSameForEveryWeekStart(text: String, first: String, last: String) throws {
      for start in WeekStart.allCases {
        #expect(try Self.parse(text, start) == .from(first, last), "week start \(start)")
      }
    }

    @Test(arguments: [
      (WeekStart.monday, "this week", "2026-11-16", "2026-11-22"),
      (.sunday, "this week", "2026-11-15", "2026-11-21"),
      (.saturday, "this week", "2026-11-21", "2026-11-27"),
      (.monday, "last week", "2026-11-09", "2026-11-15"),
      (.sunday, "last week", "2026-11-08", "2026-11-14"),
      (.saturday, "last week", "2026-11-14", "2026-11-20"),
      (.monday, "last 4 weeks", "2026-10-26", "2026-11-22"),
      (.sunday, "last 4 weeks", "2026-10-25", "2026-11-21"),
      (.saturday, "last 4 weeks", "2026-10-31", "2026-11-27"),
      (.monday, "last 1 week", "2026-11-16", "2026-11-22"),
      (.sunday, "last week..this week", "2026-11-08", "2026-11-21"),
      (.sunday, "2026-W47", "2026-11-16", "2026-11-22"),
      (.saturday, "2026-W47", "2026-11-16", "2026-11-22"),
    ])
    func readsWeekWords(start: WeekStart, text: String, first: String, last: String) throws {
      #expect(try Self.parse(text, start) == .from(first, last))
    }

    @Test(arguments: [
      ("2026-01-15", "last month", "2025-12-01", "2025-12-31"),
      ("2026-01-15", "last year", "2025-01-01", "2025-12-31"),
      ("2026-01-01", "yesterday", "2025-12-31", "2025-12-31"),
      ("2024-03-10", "last month", "2024-02-01", "2024-02-29"),
      ("2023-03-31", "last month", "2023-02-01", "2023-02-28"),
      ("2026-03-31", "last 2 months", "2026-02-01", "2026-03-31"),
      ("2026-01-31", "last 13 months", "2025-01-01", "2026-01-31"),
      ("2024-03-01", "last 2 days", "2024-02-29", "2024-03-01"),
      ("2025-03-01", "last 2 days", "2025-02-28", "2025-03-01"),
      ("2026-01-01", "last week", "2025-12-22", "2025-12-28"),
      ("2026-01-01", "this week", "2025-12-29", "2026-01-04"),
    ])
    func crossesMonthAndYearBoundaries(today: String, text: String, first: String, last: String) throws {
      #expect(try Self.parse(text, today: .on(today)) == .from(first, last))
    }

    @Test(arguments: [
      ("", "the period is empty"), ("   ", "the period is empty"),
      ("tomorrow", "unknown period word"), ("next fortnight", "unknown period word"),
      ("2026-13", "month 13 is out of range (01–12)"), ("2026-00", "month 00 is out of range (01–12)"),
      ("2026-02-30", "day 30 is out of range for 2026-02 (01–28)"),
      ("2023-02-29", "day 29 is out of range: 2023 is not a leap year"),
      ("2026-W54", "week 54 is out of range: 2026 has weeks 01–53"),
      ("2027-W53", "week 53 is out of range: 2027 has weeks 01–52"),
      ("2026-W00", "week 00 is out of range: 2026 has weeks 01–53"),
      ("2026-Wx1", "expected an ISO week like 2026-W47"),
      ("2026/11", "expected a month like 2026-11"),
      ("20261121", "expected a date like 2026-11-21, 2026-W47, 2026-11 or 2026"),
      ("2026-11-1", "expected a date like 2026-11-21, 2026-W47, 2026-11 or 2026"),
      ("2026-11-21..2026-11-01", "the range starts after it ends (2026-11-21 is after 2026-11-01)"),
      ("this month..last month", "the range starts after it ends (2026-11-01 is after 2026-10-31)"),
      ("2026-11-01..", "a range needs a start and an end, like 2026-11-01..2026-11-21"),
      ("..2026-11-01", "a range needs a start and an end, like 2026-11-01..2026-11-21"),
      ("2026..2027..2028", "a range has one '..' between its start and its end"),
      ("2026-11-01..2026-13", "month 13 is out of range (01–12)"),
      ("last 0 days", "the count after 'last' must be 1–10000"),
      ("last 10001 days", "the count after 'last' must be 1–10000"),
      ("last 4 fortnights", "the unit after 'last 4' is days, weeks, months or years"),
      ("last weeks", "expected a count and a unit after 'last', like last 4 weeks"),
      ("last -3 days", "expected a count and a unit after 'last', like last 4 weeks"),
      ("last +3 days", "expected a count and a unit after 'last', like last 4 weeks"),
      ("last 99999999999999999999 days", "expected a count and a unit after 'last', like last 4 weeks"),
    ])
    func rejectsWithAClearMessage(text: String, message: String) {
      #expect(throws: PeriodError(text: text, message: message)) { try Self.parse(text) }
    }

    @Test func errorDescriptionShowsValidSpellings() {
      let error = PeriodError(text: "fortnight", message: "unknown period word")
      #expect(
        error.description == "'fortnight' is not a period: unknown period word; periods are written like "
          + PeriodError.examples)
      for example in ["today", "this week", "2026-W47", "2026-11-01..2026-11-21", "last 30 days"] {
        #expect(PeriodError.examples.contains(example))
      }
    }

    @Test func everyExampleInTheErrorMessageParses() throws {
      let examples = PeriodError.examples.split(separator: ",").map { $0.trimmingSpacesAndNewlines() }
      #expect(examples.count == 22)
      for example in examples {
        #expect(throws: Never.self) { try Self.parse(example) }
      }
    }
  }
}
