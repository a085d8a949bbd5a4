import Foundation
import Testing

/// Many journals on one machine (manual: many-journals): repeatable `--journal`, `--journals DIR`, the cohort
/// report, `-o …{journal}…`, each journal's own settings, and the warning for a folder of people
/// read as one journal.
@Suite struct CohortTests {
  static let cohort = ToolRun.cohortJournals
  static let week = ["week", "2026-W47", "--today", "2026-11-21", "-f", "csv"]

  /// The (journal, row) cells of a cohort CSV, in order.
  static func people(_ run: ToolRun) -> [String] {
    let rows = run.csvRows()
    guard let header = rows.first, let journal = header.firstIndex(of: "journal") else { return [] }
    return rows.dropFirst().map { $0[journal] }
  }

  @Test func journalsTakesEveryJournalUnderTheFolderInByteOrderOfNames() throws {
    let run = try ToolRun.run(Self.week + ["--journals", Self.cohort])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    // `=eve…` is neutralised against formula injection ('=' sorts before letters).
    #expect(Self.people(run) == ["'=eve|<b>&", "ana", "bob", "(cohort)"])
  }

  @Test func repeatedJournalIsACohortNotTheLastOne() throws {
    let run = try ToolRun.run(
      Self.week + ["--journal", "\(Self.cohort)/bob", "--journal", "\(Self.cohort)/ana"])
    #expect(run.status == 0)
    #expect(Self.people(run) == ["ana", "bob", "(cohort)"])
    let all = try ToolRun.run(
      Self.week + ["bob", "=eve|<b>&", "ana"].flatMap { ["--journal", "\(Self.cohort)/\($0)"] })
    let parent = try ToolRun.run(Self.week + ["--journals", Self.cohort])
    #expect(all.stdout == parent.stdout)
  }

  @Test func commandsOfOneJournalRefuseSeveral() throws {
    for command in [["entries", "2026-W47"], ["check"], ["compare", "2026-W47", "2026-W46"]] {
      let run = try ToolRun.run(
        command + ["--journal", "\(Self.cohort)/ana", "--journal", "\(Self.cohort)/bob"])
      #expect(run.status == 2, "\(command)")
      #expect(run.stderr.contains("day, week, month, year, range, nutrients and body"), "\(command): \(run.stderr)")
    }
    let sample = try ToolRun.run(["week", "--sample", "--journals", Self.cohort])
    #expect(sample.status == 2)
  }

  @Test func twoJournalsOfTheSameNameAreRefused() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for parent in ["a", "b"] {
      let journal = folder.appendingPathComponent("\(parent)/ana")
      try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    }
    let run = try ToolRun.run(
      Self.week + [
        "--journal", folder.appendingPathComponent("a/ana").path, "--journal",
        folder.appendingPathComponent("b/ana").path,
      ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("two journals are named 'ana'"))
  }

  @Test func eachJournalKeepsItsOwnGoals() throws {
    let run = try ToolRun.run(Self.week + ["--journals", Self.cohort])
    let rows = run.csvRows()
    let header = try #require(rows.first)
    let people = try #require(header.firstIndex(of: "calories_goal_people"))
    let protein = try #require(header.firstIndex(of: "protein_goal_people"))
    // ana has a calorie goal, bob a calorie and a protein goal, eve none.
    #expect(
      rows.dropFirst().map { [$0[people], $0[protein]] } == [
        ["0", "0"], ["1", "0"], ["1", "1"], ["2", "1"],
      ])
  }

  @Test func eachJournalCountsDaysInItsOwnZoneUnlessTzIsGiven() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let line =
      #"{"id":"6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11","timestamp":"2026-11-16T05:00:00Z","rawDescription":"tea","foodName":"tea","quantity":1,"unit":"cup","calories":10,"protein":0,"#
      + #""carbohydrates":2,"fat":0,"confidence":0.9,"matchedIngredientID":"x"}"# + "\n"
    for (name, config) in [("east", #"{"timeZone":"UTC"}"#), ("west", #"{"timeZone":"-10:00"}"#)] {
      let journal = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
      try Data(config.utf8).write(to: journal.appendingPathComponent(".demeter.json"))
      try Data(line.utf8).write(to: journal.appendingPathComponent("2026-11-16.jsonl"))
    }
    func loggedDates(_ extra: [String]) throws -> [String] {
      let run = try ToolRun.run(
        ["day", "2026-11-15..2026-11-16", "--journals", folder.path, "-f", "csv"] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      return run.csvRows().dropFirst().filter { $0[2] == "person" && $0[3] == "1" }.map {
        "\($0[1]) \($0[0])"
      }
    }
    #expect(try loggedDates([]) == ["west 2026-11-15", "east 2026-11-16"])
    #expect(try loggedDates(["--tz", "UTC"]) == ["east 2026-11-16", "west 2026-11-16"])
  }

  @Test func journalsWhoseWeeksStartOnDifferentDaysNeedWeekStart() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, start) in [("mon", "monday"), ("sun", "sunday")] {
      let journal = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
      try Data(#"{"weekStart":"\#(start)"}"#.utf8).write(to: journal.appendingPathComponent(".demeter.json"))
    }
    let refused = try ToolRun.run(["week", "--today", "2026-11-21", "--journals", folder.path])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("give --week-start DAY"))
    let settled = try ToolRun.run(
      ["week", "--today", "2026-11-21", "--journals", folder.path, "--week-start", "sunday", "-f", "csv"])
    #expect(settled.status == 0)
    #expect(settled.csvRows().dropFirst().first?.first == "week of 2026-11-15")
  }

  @Test func journalPlaceholderWritesOneReportPerPersonEqualToTheirOwn() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("out/{journal}-{week}.md").path
    let run = try ToolRun.run(
      ["week", "2026-W47", "--today", "2026-11-21", "--journals", Self.cohort, "-o", template])
    #expect(run.status == 0)
    #expect(run.stdout == "")
    let written = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("out").path)
    #expect(written.sorted() == ["=eve|<b>&-2026-W47.md", "ana-2026-W47.md", "bob-2026-W47.md"])
    for name in ["=eve|<b>&", "ana", "bob"] {
      let own = try ToolRun.run(
        [
          "week", "2026-W47", "--today", "2026-11-21", "--journal", "\(Self.cohort)/\(name)", "-f",
          "markdown",
        ])
      let file = folder.appendingPathComponent("out/\(name)-2026-W47.md")
      #expect(try String(contentsOf: file, encoding: .utf8) == own.stdout)
    }
  }

  @Test func aFolderOfPeopleReadAsOneJournalIsWarnedAbout() throws {
    let run = try ToolRun.run(Self.week + ["--journal", Self.cohort])
    #expect(run.status == 0)
    #expect(
      run.stderrLines == [
        "demeter-report: warning: '\(Self.cohort)' is read as one journal, but its day files sit in 3 sub-folders "
          + "that look like journals of their own ('=eve|<b>&', 'ana', 'bob'); for one row per person use --journals "
          + "'\(Self.cohort)'"
      ])
    let quiet = try ToolRun.run(Self.week + ["--journal", Self.cohort, "--quiet"])
    #expect(quiet.stderr == "")
    let yearFolders = try ToolRun.run(Self.week + ["--journal", "\(Self.cohort)/ana"])
    #expect(yearFolders.stderr == "")
  }

  @Test func helpAndCompletionsNameJournals() throws {
    let help = try ToolRun.run(["week", "--help"])
    #expect(help.stdout.contains("--journals DIR"))
    #expect(help.stdout.contains("repeatable"))
    let completion = try ToolRun.run(["completions", "bash"])
    #expect(completion.stdout.contains("--journals"))
  }

  /// The cohort report of generated journals equals an independent computation in Python
  /// (`Tests/Tools/cohort_check.py`).
  @Test(
    .enabled(
      if: ToolRun.findExecutable("python3") != nil, "python3 is not on PATH: cohort_check.py cannot run"))
  func cohortReportEqualsAnIndependentComputation() throws {
    let parent = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    for seed in 1...24 {
      let start = "2026-09-\(String(format: "%02d", seed))"
      let days = String(10 + seed % 7)
      let arguments = [
        "--out", parent.appendingPathComponent("p\(String(format: "%02d", seed))").path, "--days", days,
        "--per-day", String(2 + seed % 4), "--start", start, "--seed", String(seed), "--jobs", "1",
      ]
      let generated = try #require(try ToolRun.python("gen_journal.py", arguments))
      try #require(generated.status == 0, "gen_journal.py failed: \(generated.stderr)")
    }
    let actual = try ToolRun.run(["week", "all", "--journals", parent.path, "-f", "csv"])
    #expect(actual.status == 0)
    #expect(actual.stderr == "")
    let reference = try #require(try ToolRun.python("cohort_check.py", [parent.path]))
    try #require(reference.status == 0, "cohort_check.py failed: \(reference.stderr)")
    #expect(actual.stdout.split(separator: "\n").count > 50)
    #expect(actual.stdout == reference.stdout)
  }
}
