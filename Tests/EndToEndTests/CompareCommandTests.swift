import Foundation
import TestSupport
import Testing

/// `compare PERIOD PERIOD` (issue 15, the manual's `command-line` topic): two periods side by side with the exact change and
/// the change in percent of every summary figure, in every format; and JSON values typed and exact.
@Suite struct CompareCommandTests {
  static let journal = ["--journal", ToolRun.sampleJournal, "--today", "2026-11-22"]
  static let weeks = ["compare", "2026-W47", "2026-W46"] + journal

  @Test func everySummaryFigureWithItsExactChange() throws {
    let report = try ReportJSON(Self.weeks)
    #expect(report.root["kind"] as? String == "compare")
    #expect(report.root["title"] as? String == "Compare 2026-W47 with 2026-W46")
    #expect(report.columns("comparison") == ["measure", "id", "first", "second", "change", "change_percent"])
    let rows = Dictionary(uniqueKeysWithValues: report.rows("comparison").map { ($0["id"] as! String, $0) })
    // Every summary figure of a week report is a row.
    let week = try ReportJSON(["week", "2026-W47"] + Self.journal)
    let figures = (week.root["summary"] as! [[String: Any]]).map { $0["id"] as! String }
      .filter { !$0.hasPrefix("change_") }
    #expect(Set(figures).isSubset(of: Set(rows.keys)))
    let calories = try #require(rows["calories"])
    #expect(calories["first"] as? Double == 16314.5)
    #expect(calories["second"] as? Double == 15389)
    #expect(calories["change"] as? Double == 925.5)
    // 925.5 / 15389 × 100, correctly rounded.
    #expect(calories["change_percent"] as? Double == 6.0140359997400745)
    let protein = try #require(rows["protein"])
    #expect(protein["change"] as? Double == 170.6)  // 846.4 − 675.8 exactly, not 170.59999999999997
    // The highest day: its calories compared, its dates beside each other.
    #expect(rows["highest_day"]?["change"] as? Double == 63)
    #expect(rows["highest_day_date"]?["first"] as? String == "2026-11-20")
    #expect(rows["highest_day_date"]?["second"] as? String == "2026-11-13")
    #expect(rows["highest_day_date"]?["change"] is NSNull)
    let entries = try #require(rows["entries"])
    #expect(entries["change"] as? Double == 0)
    #expect(entries["change_percent"] as? Double == 0)
  }

  @Test func everyFormatShowsTheComparison() throws {
    let text = try ToolRun.run(Self.weeks)
    #expect(text.status == 0)
    #expect(text.stdout.contains("2026-W47 compared with 2026-W46"))
    #expect(text.stdout.contains("Change %"))
    let csv = try ToolRun.run(Self.weeks + ["-f", "csv"])
    let rows = csv.csvRows()
    #expect(rows.first == ["measure", "id", "first", "second", "change", "change_percent"])
    #expect(
      rows.contains(["Calories (kcal)", "calories", "16314.5", "15389", "925.5", "6.0140359997400745"]))
    let markdown = try ToolRun.run(Self.weeks + ["-f", "markdown"])
    #expect(markdown.stdout.contains("| Calories (kcal) | 16315 | 15389 | 926 | 6.0 |"))
    let html = try ToolRun.run(Self.weeks + ["-f", "html"])
    #expect(XMLCheck(html.stdout).error == nil)
    #expect(
      html.stdout.contains(
        "<td>Calories (kcal)</td><td class=\"number\">16315</td><td class=\"number\">15389</td><td "
          + "class=\"number\">926</td><td class=\"number\">6.0</td>"
      ))
  }

  @Test func periodsOfSeveralWordsSplitWhereBothAreOne() throws {
    let quoted = try ToolRun.run(["compare", "this week", "last week"] + Self.journal)
    let unquoted = try ToolRun.run(["compare", "this", "week", "last", "week"] + Self.journal)
    let named = try ToolRun.run(Self.weeks)
    #expect(quoted.status == 0 && unquoted.status == 0)
    #expect(quoted.stdout == named.stdout)
    #expect(unquoted.stdout == named.stdout)
  }

  @Test(arguments: [
    (["this", "week"], "'this week' is one"),
    (["2026-W47"], "compare needs two periods"),
    (["2026-W47", "2026-W99"], "2026-W99"),
  ])
  func oneOrABadPeriodIsAUsageError(words: [String], message: String) throws {
    let run = try ToolRun.run(["compare"] + words + Self.journal)
    #expect(run.status == 2)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func highestDayIsADateAndCalories() throws {
    let report = try ReportJSON(["week", "2026-W47"] + Self.journal)
    let highest = try #require(report.summary("highest_day")?["value"] as? [String: Any])
    #expect(highest["date"] as? String == "2026-11-20")
    #expect(highest["calories"] as? Double == 3810)
    #expect(report.summary("highest_day")?["display"] as? String == "2026-11-20 (3810 kcal)")
  }

  /// The change against the week before is exact: (1458.8 − 1579.2) / 7 = −17.2, which floating
  /// point subtraction of the two means wrote as −17.19999999999999.
  @Test func changesAreExactDecimals() throws {
    let report = try ReportJSON(["week", "2026-W47"] + Self.journal)
    #expect(report.summary("change_avg_daily_carbohydrates")?["value"] as? Double == -17.2)
    let raw = try ToolRun.run(["week", "2026-W47", "-f", "json"] + Self.journal).stdout
    #expect(
      raw.contains(
        "\"id\":\"change_avg_daily_carbohydrates\",\"label\":\"Change in carbs g/day vs "
          + "previous\",\"value\":-17.2,"
      ))
  }
}
