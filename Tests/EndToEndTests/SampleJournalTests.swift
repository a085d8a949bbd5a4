import Foundation
import ReportFormats
import TestSupport
import Testing

/// `--sample`: the built-in journal gives a whole report in every format, without touching disk
/// (the issue's "Done means": `week --sample --format html -o week.html`).
@Suite struct SampleJournalCommandTests {
  static let arguments = ["week", "--sample", "--today", "2026-11-21"]

  @Test(arguments: BuiltInFormats.generators.map { ($0.name, $0.fileExtension) })
  func weekInEveryFormat(format: String, fileExtension: String) throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("week.\(fileExtension)")
    let run = try ToolRun.run(Self.arguments + ["--format", format, "-o", output.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "")
    let written = try String(contentsOf: output, encoding: .utf8)
    #expect(written.contains("2026-W47"))
    if format == "html" {
      let document = XMLCheck(written)
      #expect(document.error == nil, "\(document.error ?? "")")
      // Three charts, each drawn for the page and for a phone's width (manual: output).
      #expect(written.components(separatedBy: "<svg").count - 1 == 3 * 2)
    }
  }

  @Test func sameCaloriesInCSVAndJSON() throws {
    let csv = try ToolRun.run(Self.arguments + ["-f", "csv"]).csvRows()
    let calories = try #require(CSVReader.column("calories", of: csv)?.first)
    let json = try ToolRun.run(Self.arguments + ["-f", "json"]).stdout
    #expect(json.contains(#"{"id":"calories","label":"Calories (kcal)","value":\#(calories),"#))
  }

  @Test func goalsReachTheReport() throws {
    let html = try ToolRun.run(Self.arguments + ["--goal-calories", "2000", "-f", "html"]).stdout
    #expect(html.contains("class=\"goal-line\""))
    #expect(html.contains("Daily calories against the goal"))
    let json = try ToolRun.run(Self.arguments + ["--goal-calories", "2000", "-f", "json"]).stdout
    #expect(json.contains(#"{"id":"goal_calories","label":"Daily goal, calories","value":2000,"#))
    let bad = try ToolRun.run(Self.arguments + ["--goal-calories", "-5"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--goal-calories must be a positive number"))
  }

  @Test func checkFindsNothingToComplainAbout() throws {
    let run = try ToolRun.run(["check", "--sample", "--today", "2026-11-21"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("checked 28 files, "))
  }

  @Test func sampleAndJournalTogetherIsAUsageError() throws {
    let run = try ToolRun.run(Self.arguments + ["--journal", ToolRun.sampleJournal])
    #expect(run.status == 2)
    #expect(run.stderr.contains("either --journal or --sample"))
  }
}
