import Foundation
import TestSupport
import Testing

/// Trends (issue 15): the 7-day moving average of daily calories in the model, the JSON and the
/// HTML and text charts; per-bucket change and days in the bucket beside days logged; long periods
/// charted as the average per logged day of each bucket against the daily goal.
@Suite struct ReportTrendTests {
  static let journal = ["--journal", ToolRun.sampleJournal, "--today", "2026-11-22"]

  @Test func movingAverageReachesTheJSON() throws {
    let report = try ReportJSON(["week", "2026-W47"] + Self.journal)
    let line = try #require(report.chart("calories-per-day")?["line"] as? [String: Any])
    #expect(line["label"] as? String == "7-day average")
    let values = try #require(line["values"] as? [Double])
    #expect(values.count == 7)
    // The last point is the week itself: its 7 logged days' mean.
    let week = try #require(report.summary("avg_daily_calories")?["value"] as? Double)
    #expect(values[6] == week)
    // The first is Monday and the six days before it, from the days' own totals.
    let before = try ReportJSON(["day", "2026-11-10..2026-11-16"] + Self.journal)
    let days = before.rows("days").compactMap { $0["calories"] as? Double }
    #expect(days.count == 7)
    #expect(abs(values[0] - days.reduce(0, +) / 7) < 1e-9)
  }

  @Test func movingAverageIsDrawnInHTMLAndText() throws {
    let html = try ToolRun.run(["week", "2026-W47", "-f", "html"] + Self.journal)
    #expect(XMLCheck(html.stdout).error == nil)
    #expect(html.stdout.contains("<polyline class=\"trend-line\" points=\""))
    #expect(html.stdout.contains("7-day average"))
    let text = try ToolRun.run(["week", "2026-W47"] + Self.journal)
    let chart = text.stdout.components(separatedBy: "Calories per day\n").last ?? ""
    let rows = chart.split(separator: "\n").prefix(8)
    #expect(rows.prefix(7).allSatisfy { $0.contains("●") })
    #expect(rows.last?.hasSuffix("● 7-day average") == true)
  }

  @Test func bucketsShowTheirDaysAndTheChangeAgainstTheOneBefore() throws {
    let report = try ReportJSON(["month", "2026-10..2026-11"] + Self.journal)
    let rows = report.rows("months-change")
    #expect(rows.count == 2)
    #expect(rows.map { $0["days_in_month"] as? Int } == [31, 30])
    let months = report.rows("months")
    #expect(rows.map { $0["days_logged"] as? Int } == months.map { $0["days_logged"] as? Int })
    // September has no logged day: October has no change; November's is exact.
    #expect(rows[0]["change_avg_daily_calories"] is NSNull)
    let october = try #require(months[0]["avg_daily_calories"] as? Double)
    let november = try #require(months[1]["avg_daily_calories"] as? Double)
    let change = try #require(rows[1]["change_avg_daily_calories"] as? Double)
    #expect(abs(change - (november - october)) < 1e-9)
    let text = try ToolRun.run(["month", "2026-10..2026-11"] + Self.journal).stdout
    #expect(text.contains("Days logged and the change per day against the month before"))
  }

  /// Over more days than are charted one by one, the bars are each bucket's kcal per logged day,
  /// so the daily goal line is the right yardstick.
  @Test func longPeriodsChartTheDailyAverageAgainstTheGoal() throws {
    let report = try ReportJSON(["month", "2026-08..2026-11", "--goal-calories", "2200"] + Self.journal)
    let chart = try #require(report.chart("calories-per-bucket"))
    #expect(chart["unit"] as? String == "kcal/day")
    #expect(chart["goal"] as? Double == 2200)
    let points = (chart["points"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? Double }
    let averages = report.rows("months").map { $0["avg_daily_calories"] as? Double ?? 0 }
    #expect(points == averages)
    #expect((chart["summary"] as? String)?.contains("per logged day") == true)
  }
}
