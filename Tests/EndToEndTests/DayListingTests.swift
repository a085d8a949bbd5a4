import Foundation
import TestSupport
import Testing

/// `day` lists what was eaten — time, meal, food, quantity, kcal, macronutrients, confidence —
/// before its summary, in every format (issue 15).
@Suite struct DayListingTests {
  static let day = ["day", "2026-11-20", "--journal", ToolRun.sampleJournal, "--today", "2026-11-22"]

  @Test func textListsTheEntriesBeforeTheSummary() throws {
    let text = try ToolRun.run(Self.day).stdout
    let listed = try #require(text.range(of: "What was eaten"))
    let summary = try #require(text.range(of: "Summary"))
    #expect(listed.lowerBound < summary.lowerBound)
    // Whole food names, one space between columns so that the table fits 80 columns.
    #expect(text.contains("  Time  Meal      Food                   Qty Unit  kcal  P g  C g  F g Conf.\n"))
    #expect(text.contains("  01:04 snack     chocolate chip cookie 1.00 piece   80  1.0 10.5  4.0  0.58\n"))
  }

  @Test func jsonCarriesEveryEntryWithItsId() throws {
    let report = try ReportJSON(Self.day)
    let rows = report.rows("eaten")
    #expect(rows.count == 9)
    #expect(rows.reduce(0) { $0 + ($1["calories"] as? Double ?? 0) } == 3810)
    #expect(
      Array(report.columns("eaten").prefix(10)) == [
        "time", "meal", "food", "quantity", "unit", "calories", "protein", "carbohydrates", "fat",
        "confidence",
      ])
    #expect(report.columns("eaten").contains("id"))
  }

  @Test(arguments: [
    ("markdown", "## What was eaten", "## Summary"), ("html", ">What was eaten</h2>", ">Summary</h2>"),
  ])
  func pagesListTheEntriesBeforeTheSummary(format: String, listed: String, summary: String) throws {
    let page = try ToolRun.run(Self.day + ["-f", format]).stdout
    let listedAt = try #require(page.range(of: listed))
    let summaryAt = try #require(page.range(of: summary))
    #expect(listedAt.lowerBound < summaryAt.lowerBound)
    #expect(page.contains("granola"))
    if format == "html" { #expect(XMLCheck(page).error == nil) }
  }

  @Test func longerPeriodsDoNotListEntries() throws {
    let report = try ReportJSON(["day", "2026-11-01..2026-11-20", "--journal", ToolRun.sampleJournal])
    #expect(report.table("eaten") == nil)
  }
}
