import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension TimeTests {
  @Suite struct CivilDateCalendar {
    static let first = CivilDate(year: 2000, month: 1, day: 1)!
    static let last = CivilDate(year: 2040, month: 12, day: 31)!

    @Test func everyDay2000Through2040MatchesFoundation() {
      var calendar = Calendar(identifier: .iso8601)
      calendar.timeZone = TimeZone(identifier: "UTC")!
      var checked = 0
      var mismatches: [String] = []
      for dayNumber in Self.first.dayNumber...Self.last.dayNumber {
        let date = CivilDate(dayNumber: dayNumber)
        let noon = Date(timeIntervalSince1970: Double(dayNumber) * 86_400 + 43_200)
        let c = calendar.dateComponents(
          [.year, .month, .day, .weekday, .weekOfYear, .yearForWeekOfYear], from: noon)
        // Foundation numbers weekdays Sunday = 1 … Saturday = 7.
        let isoWeekday = (c.weekday! + 5) % 7 + 1
        let (year, month, day) = date.components
        let dayOfYear = calendar.ordinality(of: .day, in: .year, for: noon)!
        let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        let expectedWeek = (c.yearForWeekOfYear!, c.weekOfYear!)
        if (year, month, day) != (c.year!, c.month!, c.day!) || date.weekday != isoWeekday
          || date.isoWeek != expectedWeek || date.dayOfYear != dayOfYear
          || Int(midnight.timeIntervalSince1970) != dayNumber * 86_400
          || CivilDate(year: year, month: month, day: day) != date
        {
          mismatches.append(
            "\(date): ours \(date.weekday) \(date.isoWeek), Foundation \(isoWeekday) \(expectedWeek)")
        }
        checked += 1
      }
      #expect(checked == 14_976)
      #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func isoWeekMondayRoundTripsForEveryDay() {
      for dayNumber in Self.first.dayNumber...Self.last.dayNumber {
        let date = CivilDate(dayNumber: dayNumber)
        let (year, week) = date.isoWeek
        let monday = CivilDate(isoWeekYear: year, week: week)
        #expect(monday?.adding(days: date.weekday - 1) == date)
        if monday?.adding(days: date.weekday - 1) != date { return }
      }
    }

    @Test(arguments: [
      ("2015-12-28", "2015-W53"), ("2021-01-03", "2020-W53"), ("2021-01-04", "2021-W01"),
      ("2024-12-30", "2025-W01"), ("2026-11-21", "2026-W47"), ("2026-12-31", "2026-W53"),
      ("2027-01-03", "2026-W53"), ("2027-01-04", "2027-W01"), ("2008-12-29", "2009-W01"),
    ])
    func isoWeekLabels(date: String, label: String) {
      #expect(CivilDate.on(date).isoWeekLabel == label)
      #expect(CivilDate.weekLabel(of: .on(date), .monday) == label)
    }

    @Test(arguments: [(2015, 53), (2020, 53), (2026, 53), (2021, 52), (2024, 52), (2027, 52), (2032, 53)])
    func isoWeekCounts(year: Int, weeks: Int) {
      #expect(CivilDate.isoWeekCount(inYear: year) == weeks)
      #expect(CivilDate(isoWeekYear: year, week: weeks) != nil)
      #expect(CivilDate(isoWeekYear: year, week: weeks + 1) == nil)
      #expect(CivilDate(isoWeekYear: year, week: 0) == nil)
    }

    @Test(arguments: [
      (WeekStart.monday, "2026-11-16", "2026-W47"),
      (WeekStart.sunday, "2026-11-15", "week of 2026-11-15"),
      (WeekStart.saturday, "2026-11-21", "week of 2026-11-21"),
    ])
    func weekStartsOfASaturday(start: WeekStart, first: String, label: String) {
      let saturday = CivilDate.on("2026-11-21")
      #expect(saturday.weekday == 6)
      #expect(CivilDate.weekStart(of: saturday, start) == .on(first))
      #expect(CivilDate.weekLabel(of: saturday, start) == label)
    }

    @Test(arguments: WeekStart.allCases)
    func weekStartIsTheRightWeekdayWithinSixDays(start: WeekStart) {
      for dayNumber in 20_000..<20_100 {
        let date = CivilDate(dayNumber: dayNumber)
        let begin = CivilDate.weekStart(of: date, start)
        #expect(begin.weekday == start.isoWeekday)
        #expect((0...6).contains(date.dayNumber - begin.dayNumber))
      }
    }

    @Test func weekdayBeforeTheEpoch() {
      #expect(CivilDate.on("1969-12-31").weekday == 3)
      #expect(CivilDate.on("1969-12-29").weekday == 1)
      #expect(CivilDate.on("1970-01-01").weekday == 4)
    }

    @Test func weekStartParsing() {
      #expect(WeekStart(parsing: " Sunday ") == .sunday)
      #expect(WeekStart(parsing: "MONDAY") == .monday)
      #expect(WeekStart(parsing: "friday") == nil)
    }

    @Test(arguments: [
      ("2026-01-31", 1, "2026-02-28"), ("2024-01-31", 1, "2024-02-29"), ("2026-03-31", -1, "2026-02-28"),
      ("2026-01-15", -1, "2025-12-15"), ("2026-11-21", -23, "2024-12-21"), ("2026-12-31", 13, "2028-01-31"),
      ("2026-05-31", 0, "2026-05-31"),
    ])
    func addingMonths(date: String, months: Int, expected: String) {
      #expect(CivilDate.on(date).adding(months: months) == .on(expected))
    }

    @Test func addingYearsClampsFebruary29() {
      #expect(CivilDate.on("2024-02-29").adding(years: 1) == .on("2025-02-28"))
      #expect(CivilDate.on("2024-02-29").adding(years: 4) == .on("2028-02-29"))
      #expect(CivilDate.on("2026-11-21").adding(years: -1) == .on("2025-11-21"))
    }

    @Test func monthAndYearBoundaries() {
      let date = CivilDate.on("2024-02-10")
      #expect(date.firstDayOfMonth == .on("2024-02-01"))
      #expect(date.lastDayOfMonth == .on("2024-02-29"))
      #expect(date.firstDayOfNextMonth == .on("2024-03-01"))
      #expect(date.firstDayOfYear == .on("2024-01-01"))
      #expect(date.lastDayOfYear == .on("2024-12-31"))
      #expect(date.firstDayOfNextYear == .on("2025-01-01"))
      #expect(CivilDate.on("2026-12-31").firstDayOfNextMonth == .on("2027-01-01"))
      #expect(CivilDate.on("2023-02-28").lastDayOfMonth == .on("2023-02-28"))
      #expect(CivilDate.on("2024-12-31").dayOfYear == 366)
      #expect(CivilDate.on("2023-12-31").dayOfYear == 365)
    }

    @Test(arguments: ["2026-11-21", "2024-02-29", "2000-02-29", "1970-01-01", "0001-01-01", "9999-12-31"])
    func parsesValidDates(text: String) {
      #expect((try? CivilDate.parse(text).get())?.description == text)
    }

    @Test(arguments: [
      ("2026-13-01", 5, "month 13 is out of range (01–12)"),
      ("2023-02-29", 8, "day 29 is out of range: 2023 is not a leap year"),
      ("1900-02-29", 8, "day 29 is out of range: 1900 is not a leap year"),
      ("2026-11-31", 8, "day 31 is out of range for 2026-11 (01–30)"),
      ("2026-11-00", 8, "day 00 is out of range for 2026-11 (01–30)"),
      ("2026-11-1", 9, "expected a 2-digit day"),
      ("2026/11/21", 4, "expected '-' after the year"),
      ("26-11-21", 2, "expected a 4-digit year"),
      ("2026-11-21T", 10, "unexpected text after the date (write YYYY-MM-DD)"),
      (" 2026-11-21", 0, "expected a 4-digit year"),
      ("", 0, "expected a 4-digit year"),
    ])
    func rejectsInvalidDates(text: String, offset: Int, message: String) {
      #expect(CivilDate.parse(text) == .failure(TimestampError(offset: offset, message: message)))
    }
  }
}

/// `CivilDate(description:)` reads what `description` writes, years before 0 included.
@Suite struct CivilDateDescriptionTests {
  @Test(arguments: [-400_000, -1, 0, 1, 365, 730_000])
  func descriptionRoundTrips(offset: Int) {
    let date = CivilDate(year: 1, month: 1, day: 1)!.adding(days: offset)
    #expect(CivilDate(description: date.description) == date)
  }

  @Test func earlyWeekStartsInYearMinusOne() {
    #expect(CivilDate(description: "-0001-12-27") == CivilDate(year: -1, month: 12, day: 27))
    #expect(CivilDate(description: "-0001-13-01") == nil)
    #expect(CivilDate(description: "2026-1-01") == nil)
  }
}
