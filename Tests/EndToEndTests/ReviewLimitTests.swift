import Foundation
import Testing

/// Review lists a person can act on (issue 15): `--limit N` and `--limit all`, the JSON report
/// carrying every flagged entry by default, a cut list saying how to see the rest, and an entry
/// flagged for two reasons listed once with both.
@Suite struct ReviewLimitTests {
  /// A journal of one day with 60 low-confidence entries that match no ingredient.
  static func flaggedJournal() throws -> URL {
    let folder = try ToolRun.makeTemporaryDirectory()
    let lines = (0..<60).map { index in
      let minute = index < 10 ? "0\(index)" : "\(index)"
      let id = "00000000-0000-4000-8000-0000000000" + (index < 10 ? "0\(index)" : "\(index)")
      return """
        {"id":"\(id)","timestamp":"2026-11-21T08:\(minute):00-05:00","rawDescription":"snack \(index)",\
        "foodName":"snack","quantity":1,"unit":"piece","calories":100,"protein":5,"carbohydrates":10,"fat":4.4,\
        "confidence":0.1}
        """
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: folder.appendingPathComponent("2026-11-21.jsonl"))
    return folder
  }

  static func report(_ folder: URL, _ options: [String]) throws -> ToolRun {
    try ToolRun.run(["day", "2026-11-21", "--journal", folder.path] + options)
  }

  @Test func readersSeeFiftyAndHowToSeeTheRest() throws {
    let folder = try Self.flaggedJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try Self.report(folder, []).stdout
    #expect(text.contains("Entries to review (50 of 60)"))
    #expect(text.contains("… and 10 more (--limit all lists them all)"))
    let all = try Self.report(folder, ["--limit", "all"]).stdout
    #expect(all.contains("Entries to review (60)"))
    #expect(all.contains("08:59 snack 59"))
    let html = try Self.report(folder, ["-f", "html", "--limit", "5"]).stdout
    #expect(html.contains("… and 55 more (<code>--limit all</code> lists them all)"))
  }

  @Test func jsonCarriesEveryFlaggedEntryUnlessLimited() throws {
    let folder = try Self.flaggedJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let every = try ReportJSON(["day", "2026-11-21", "--journal", folder.path])
    #expect((every.list("needs-review")?["items"] as? [Any])?.count == 60)
    #expect(every.list("needs-review")?["totalCount"] as? Int == 60)
    let five = try ReportJSON(["day", "2026-11-21", "--journal", folder.path, "--limit", "5"])
    #expect((five.list("needs-review")?["items"] as? [Any])?.count == 5)
    #expect(five.list("needs-review")?["totalCount"] as? Int == 60)
  }

  @Test(arguments: ["0", "-3", "some", "2.5"])
  func badLimitIsAUsageError(limit: String) throws {
    let run = try ToolRun.run(["week", "--journal", ToolRun.sampleJournal, "--limit", limit])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--limit must be a whole number above 0 or 'all'"))
  }

  @Test func entryWithTwoReasonsIsListedOnceWithBoth() throws {
    let report = try ReportJSON(["week", "2026-W47", "--journal", ToolRun.sampleJournal])
    let items = try #require(report.list("needs-review")?["items"] as? [[String: Any]])
    let mocha = items.filter {
      ($0["detail"] as? String)?.contains("24b2e6f1-db81-45fc-b747-33bdaf531ef1") == true
    }
    #expect(mocha.count == 1)
    #expect((mocha.first?["detail"] as? String)?.contains("low confidence 0.10 · unmatched") == true)
  }
}
