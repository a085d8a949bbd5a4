import Foundation
import TestSupport
import Testing

/// The plan report's cost grows with what it reads, not with plan files × recipe files or with
/// the days of the period asked for (issue 48): each recipe file is read once per run, and long
/// periods get the gap rows of the day and range reports.
@Suite(.tags(.slow), .slowSuite) struct PlanScaleTests {
  /// A journal with recipes `r0`, `r1`, `r2` and one plan per day 2026-11-24 … 2026-11-26, each
  /// with every recipe; the caller removes `folder`.
  static func journal() throws -> (folder: URL, journal: String) {
    let (folder, journal) = try RecipeCommandTests.journal()
    for number in 0..<3 {
      let recipe = RecipeCommandTests.smallest.replacingOccurrences(of: "oat-banana", with: "r\(number)")
      try #require(
        try ToolRun.run(["recipe", "add", "--json", recipe, "--journal", journal, "-q"]).status == 0)
    }
    let items = (0..<3).map { #"{"recipe":"r\#($0)","servings":1}"# }.joined(separator: ",")
    for day in 24...26 {
      let plan = #"{"period":"2026-11-\#(day)","days":{"2026-11-\#(day)":{"lunch":[\#(items)]}}}"#
      try #require(try ToolRun.run(["plan", "add", "--json", plan, "--journal", journal, "-q"]).status == 0)
    }
    return (folder, journal)
  }

  #if os(Linux)
    /// `plan` and `plan shopping` over three plans open each recipe file once, as `plan show` does.
    @Test func eachRecipeIsReadOncePerRun() throws {
      let (folder, journal) = try Self.journal()
      defer { try? FileManager.default.removeItem(at: folder) }
      for command in [["plan"], ["plan", "shopping"]] {
        var run: ToolRun?
        let opens = try FileOpens.counted(in: journal + "/recipes") {
          run = try ToolRun.run(
            command + ["2026-11-23..2026-11-29", "--journal", journal, "--today", "2026-11-30"])
        }
        #expect(run?.status == 0, "\(command): \(run?.stderr ?? "")")
        #expect(opens == ["r0.json": 1, "r1.json": 1, "r2.json": 1], "\(command)")
      }
    }
  #endif

  /// Two centuries around one planned and one logged day: the days table lists the days near them
  /// and one gap row for each run of more than `maximumEmptyRun` days with neither, as `day` and
  /// `range` do; the whole calendar costs no more.
  @Test func longPeriodsHaveGapRowsAndCostLittle() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data((BoundedCostTests.entry(1, "2026-11-20") + "\n").utf8).write(
      to: URL(fileURLWithPath: journal).appendingPathComponent("2026-11-20.jsonl"))
    let report = try ReportJSON([
      "plan", "1900-01-01..2099-12-31", "--journal", journal, "--today", "2026-11-30",
    ])
    #expect(
      report.rows("days").compactMap { $0["date"] as? String } == [
        "1900-01-01..2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24",
        "2026-11-25", "2026-11-26", "2026-11-27..2099-12-31",
      ])
    let whole = try BoundedCostTests.run(
      ["plan", "0001-01-01..9999-12-31", "--today", "2026-11-30"], journal: URL(fileURLWithPath: journal))
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout.utf8.count < 64 << 10, "the report is \(whole.stdout.utf8.count) bytes")
  }
}
