import Foundation
import Testing

/// `plan PERIOD` and `plan add|show|rm|shopping` on the built binary (issue 18): plan files written
/// canonically under the journal lock, located errors, and the plan report on the sample against an
/// independent computation (`Tests/Tools/plan_check.py`).
@Suite struct PlanCommandTests {
  static let today = "2026-11-21"
  static let week = "2026-11-15..2026-11-21"

  /// The sample written into a temporary folder (`sample DIR`), with its recipes and plan.
  static func sampleFolder() throws -> (folder: URL, journal: String) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal").path
    let run = try ToolRun.run(["sample", journal, "--today", today, "-q"])
    try #require(run.status == 0, "\(run.stderr)")
    return (folder, journal)
  }

  @Test func sampleReportEqualsAnIndependentComputation() throws {
    let (folder, journal) = try Self.sampleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for today in [Self.today, "2026-11-18"] {
      let report = try ToolRun.run(["plan", Self.week, "--journal", journal, "--today", today, "-f", "json"])
      #expect(report.status == 0, "\(report.stderr)")
      let file = folder.appendingPathComponent("plan-\(today).json")
      try Data(report.stdout.utf8).write(to: file)
      guard
        let check = try ToolRun.python(
          "plan_check.py", [journal, "2026-11-15", "2026-11-21", today, file.path])
      else {
        Issue.record("python3 is not on PATH; the plan report cannot be checked against plan_check.py")
        return
      }
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
      #expect(check.stdout == "ok\n")
    }
  }

  /// `plan all` is every planned day: the sample's one plan, from its first day to its last.
  @Test func allIsEveryPlannedDay() throws {
    let (folder, journal) = try Self.sampleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = try ToolRun.run(["plan", "all", "--journal", journal, "--today", Self.today, "-f", "csv"])
    let week = try ToolRun.run(["plan", Self.week, "--journal", journal, "--today", Self.today, "-f", "csv"])
    #expect(all.status == 0, "\(all.stderr)")
    #expect(all.stdout == week.stdout)
  }

  @Test func theWrittenSampleGivesTheSameReportsAsTheBuiltInOne() throws {
    let (folder, journal) = try Self.sampleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for command in [["plan"], ["plan", "shopping"], ["plan", "show", Self.week]] {
      let written = try ToolRun.run(command + ["--journal", journal, "--today", Self.today, "-f", "json"])
      let builtIn = try ToolRun.run(command + ["--sample", "--today", Self.today, "-f", "json"])
      #expect(written.status == 0, "\(written.stderr)")
      #expect(written.stdout == builtIn.stdout, "\(command)")
    }
    let check = try ToolRun.run(["check", "--journal", journal])
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test func addShowReplaceAndRemove() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.path
    let json =
      #"{"days":{"2026-11-24":{"snack":[{"grams":182,"ingredient":"usda-sr-09003"}]}},"#
      + #""period":"2026-11-23..2026-11-29"}"#
    let add = try ToolRun.run(["plan", "add", "--json", json, "--journal", journal])
    #expect(add.status == 0, "\(add.stderr)")
    let path = folder.appendingPathComponent("plans/2026-W48.json")
    #expect(add.stdout == "added plan 2026-W48 to \(path.path)\n")
    let written = try String(contentsOf: path, encoding: .utf8)
    #expect(
      written
        == "{\n  \"period\": \"2026-W48\",\n  \"days\": {\n    \"2026-11-24\": {\n      \"snack\": "
        + "[{\"ingredient\":\"usda-sr-09003\",\"grams\":182}]\n    }\n  }\n}\n"
    )
    let again = try ToolRun.run(["plan", "add", "--json", json, "--journal", journal])
    #expect(again.status == 2)
    #expect(again.stderr.contains("a plan for 2026-W48 already exists"))
    let replaced = try ToolRun.run(["plan", "add", "--json", json, "--replace", "--journal", journal])
    #expect(replaced.stdout.hasPrefix("unchanged: plan 2026-W48"))

    let show = try ToolRun.run(["plan", "show", "2026-W48", "--journal", journal, "-f", "csv"])
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.hasPrefix("date,meal,item,amount,calories,protein,carbohydrates,fat\n"))
    #expect(
      show.stdout.contains("2026-11-24,snack,\"apples, raw, with skin\",182 g,94.64,0.4732,25.1342,0.3094\n"))
    // Any period word naming the same days finds the plan.
    let words = try ToolRun.run([
      "plan", "show", "this", "week", "--today", "2026-11-25", "--journal", journal, "-f", "csv",
    ])
    #expect(words.stdout == show.stdout)

    let shopping = try ToolRun.run(["plan", "shopping", "2026-W48", "--journal", journal, "-f", "csv"])
    #expect(
      shopping.stdout.contains(
        "usda-sr-09003,\"apples, raw, with skin\",182,\"1 medium (3\"\" dia) (182 g)\"\n"))

    let remove = try ToolRun.run(["plan", "rm", "2026-W48", "--journal", journal])
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path.path))
    let gone = try ToolRun.run(["plan", "show", "2026-W48", "--journal", journal])
    #expect(gone.status == 2)
    #expect(gone.stderr.contains("no plan for 2026-W48"))
  }

  @Test func showAndRemoveNameTheSameWeekUnderTheJournalsWeekStart() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.path
    try Data(#"{"weekStart": "sunday"}"#.utf8).write(to: folder.appendingPathComponent(".demeter.json"))
    let json =
      #"{"days":{"2026-11-24":{"snack":[{"grams":182,"ingredient":"usda-sr-09003"}]}},"#
      + #""period":"2026-11-22..2026-11-28"}"#
    let add = try ToolRun.run(["plan", "add", "--json", json, "--journal", journal])
    try #require(add.status == 0, "\(add.stderr)")
    let thisWeek = ["this", "week", "--today", "2026-11-25", "--journal", journal]
    let show = try ToolRun.run(["plan", "show"] + thisWeek + ["-f", "csv"])
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.contains("2026-11-24,snack,"))
    let remove = try ToolRun.run(["plan", "rm"] + thisWeek)
    #expect(remove.status == 0, "\(remove.stderr)")
    let gone = try ToolRun.run(["plan", "show"] + thisWeek)
    #expect(gone.status == 2)
  }

  @Test func badPlansAreLocatedAndNothingIsWritten() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json =
      "{\"period\":\"2026-W48\",\n\"days\":{\"2026-11-24\":{\"diner\":[{\"recipe\":\"chili\","
      + "\"servings\":1}]}}}"
    let typo = try ToolRun.run(["plan", "add", "--json", json, "--journal", folder.path])
    #expect(typo.status == 1)
    #expect(
      typo.stderr.contains(
        "--json:2:23: error: unknown key \"diner\" in \"days.2026-11-24\"; did you mean \"dinner\"?"))
    let unknown = try ToolRun.run([
      "plan", "add", "--json", json.replacingOccurrences(of: "diner", with: "dinner"), "--journal",
      folder.path,
    ])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr.contains("--json:2:34: error: \"days.2026-11-24.dinner[0]\": no valid recipe \"chili\""))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("plans").path))

    // A broken plan file in the journal is reported by check, located.
    let plans = folder.appendingPathComponent("plans")
    try FileManager.default.createDirectory(at: plans, withIntermediateDirectories: true)
    try Data("{\"period\":\"2026-W48\",\"days\":[]}\n".utf8).write(
      to: plans.appendingPathComponent("2026-W48.json"))
    let check = try ToolRun.run(["check", "--journal", folder.path])
    #expect(check.status == 1)
    #expect(check.stderr.contains("plans/2026-W48.json:1:29: error: \"days\" must be an object of dates"))
  }

  /// A day that two plan files plan is an error of `check` too, located at the second file's day.
  @Test func checkFindsADayPlannedTwice() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plans = folder.appendingPathComponent("plans")
    try FileManager.default.createDirectory(at: plans, withIntermediateDirectories: true)
    let item = "{\"ingredient\":\"usda-sr-09003\",\"grams\":182}"
    try Data("{\"period\":\"2026-W48\",\"days\":{\"2026-11-24\":{\"snack\":[\(item)]}}}\n".utf8).write(
      to: plans.appendingPathComponent("2026-W48.json"))
    try Data("{\"period\":\"2026-11-24\",\n\"days\":{\"2026-11-24\":{\"lunch\":[\(item)]}}}\n".utf8).write(
      to: plans.appendingPathComponent("2026-11-24.json"))
    let check = try ToolRun.run(["check", "--journal", folder.path])
    #expect(check.status == 1)
    #expect(
      check.stderr.contains(
        "plans/2026-W48.json:1:54: error: 2026-11-24 is planned both by 2026-11-24 and by 2026-W48; "
          + "remove it from one of them"),
      "\(check.stderr)")
  }

  /// `plan add` refuses a plan for a day another plan already plans, naming that plan, and writes
  /// nothing; replacing a plan by one for the same period is not such a conflict.
  @Test func addRefusesADayAnotherPlanPlans() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.path
    func plan(_ period: String, _ days: [String]) -> String {
      let item = #"[{"grams":182,"ingredient":"usda-sr-09003"}]"#
      return #"{"period":"\#(period)","days":{"#
        + days.map { #""\#($0)":{"snack":\#(item)}"# }.joined(separator: ",") + "}}"
    }
    let week = try ToolRun.run([
      "plan", "add", "--json", plan("2026-W48", ["2026-11-24"]), "--journal", journal,
    ])
    #expect(week.status == 0, "\(week.stderr)")
    let before = try WritingTests.snapshot(folder)
    let day = try ToolRun.run([
      "plan", "add", "--json", plan("2026-11-23..2026-11-25", ["2026-11-24", "2026-11-25"]), "--journal",
      journal,
    ])
    #expect(day.status == 2)
    #expect(
      day.stderr.contains("2026-11-24 is already planned by 2026-W48 ('\(journal)/plans/2026-W48.json')"),
      "\(day.stderr)")
    #expect(try WritingTests.snapshot(folder) == before)
    let report = try ToolRun.run(["plan", "2026-W48", "--journal", journal])
    #expect(report.status == 0, "\(report.stderr)")
    let replaced = try ToolRun.run([
      "plan", "add", "--json", plan("2026-W48", ["2026-11-25"]), "--replace", "--journal", journal,
    ])
    #expect(replaced.status == 0, "\(replaced.stderr)")
  }

  @Test func subcommandWordsWinAndAnythingElseIsAPeriod() throws {
    let report = try ToolRun.run(["plan", "2026-W47", "--sample", "--today", Self.today, "-f", "csv"])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stdout.hasPrefix("date,meal,status,planned_items,eaten_entries,"))
    let bad = try ToolRun.run(["plan", "nonsense", "--sample"])
    #expect(bad.status == 2)
    let help = try ToolRun.run(["help", "plan"])
    #expect(help.stdout.contains("SUBCOMMANDS"))
    #expect(help.stdout.contains("shopping"))
  }
}
