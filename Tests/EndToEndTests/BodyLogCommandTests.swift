import Foundation
import Testing

/// `add --weight`, `check` and `fmt` on a journal's body log (manual: body-log).
@Suite struct BodyLogCommandTests {
  static func bodyLog(_ journal: URL) throws -> String {
    try String(contentsOf: journal.appendingPathComponent("body.jsonl"), encoding: .utf8)
  }

  @Test func addWeightAppendsACanonicalLineAndSaysWhatItWrote() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let first = try ToolRun.run(
      ["add", "--weight", "81.40", "--time", "2026-11-20T07:00:00+01:00", "--journal", journal.path])
    #expect(first.status == 0)
    #expect(first.stdout == "added 81.4 kg at 2026-11-20T07:00:00+01:00 to \(journal.path)/body.jsonl\n")
    let second = try ToolRun.run(
      [
        "add", "--weight", "180", "--unit", "lb", "--body-fat", "24.5", "--waist", "90", "--note",
        "after run",
        "--time", "2026-11-21T07:00:00Z", "--journal", journal.path, "--quiet",
      ])
    #expect(second.status == 0)
    #expect(second.stdout == "")
    #expect(
      try Self.bodyLog(journal)
        == "{\"timestamp\":\"2026-11-20T07:00:00+01:00\",\"weight_kg\":81.4}\n"
        + "{\"timestamp\":\"2026-11-21T07:00:00Z\",\"weight_lb\":180,\"body_fat_pct\":24.5,\"waist_cm\":90,"
        + "\"note\":\"after run\"}\n")
  }

  @Test func theJournalsWeightUnitIsTheDefaultAndAnOptionWins() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    try Data("{\"weightUnit\":\"lb\"}".utf8).write(to: journal.appendingPathComponent(".demeter.json"))
    for arguments in [["--weight", "175.5"], ["--weight", "79.6", "--unit", "KG"]] {
      let run = try ToolRun.run(
        ["add"] + arguments + ["--time", "2026-11-20T07:00:00Z", "--journal", journal.path, "--quiet"])
      #expect(run.status == 0, "\(run.stderr)")
    }
    #expect(
      try Self.bodyLog(journal)
        == "{\"timestamp\":\"2026-11-20T07:00:00Z\",\"weight_lb\":175.5}\n"
        + "{\"timestamp\":\"2026-11-20T07:00:00Z\",\"weight_kg\":79.6}\n")
  }

  @Test(arguments: [
    (["--weight", "81", "--unit", "stone"], "with --weight, --unit must be kg or lb (got 'stone')"),
    (["--weight", "heavy"], "--weight must be a number (got 'heavy')"),
    (
      ["--weight", "81", "--food", "tea"],
      "--weight adds a weigh-in, not an entry: --food does not go with it"
    ),
    (["--body-fat", "20"], "--body-fat goes with --weight N (a weigh-in for body.jsonl)"),
  ])
  func aBadWeighInIsAUsageErrorAndWritesNothing(arguments: [String], message: String) throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let run = try ToolRun.run(["add"] + arguments + ["--journal", journal.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent("body.jsonl").path))
  }

  @Test func aWeightTheLogRefusesIsSaidAndNotWritten() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let run = try ToolRun.run(["add", "--weight", "0", "--journal", journal.path])
    #expect(run.status == 1)
    #expect(run.stderr == "demeter-report: error: \"weight_kg\" must be a number > 0 and ≤ 1000, got 0\n")
    #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent("body.jsonl").path))
  }

  @Test func checkListsTheBodyLogsProblemsAndStrictItsUnknownKeys() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    try Data(
      ("{\"timestamp\":\"2026-11-20T07:00:00Z\",\"weight_kg\":81,\"scale\":\"old\"}\n"
        + "{\"timestamp\":\"2026-11-21T07:00:00Z\"}\n").utf8
    ).write(to: journal.appendingPathComponent("body.jsonl"))
    let run = try ToolRun.run(["check", "--journal", journal.path])
    #expect(run.status == 1)
    #expect(run.stderr.contains("body.jsonl:2:1: error: missing the weight: \"weight_kg\" or \"weight_lb\""))
    #expect(!run.stderr.contains("unknown key"))
    let strict = try ToolRun.run(["check", "--strict", "--journal", journal.path])
    #expect(
      strict.stderr.contains(
        "body.jsonl:1:52: warning: unknown key \"scale\" (kept when the line is rewritten)"))
  }

  @Test func fmtRewritesTheBodyLogCanonicallyAndCheckFindsItThen() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let path = journal.appendingPathComponent("body.jsonl")
    try Data("{\"weight_kg\":81.50, \"timestamp\":\"2026-11-20T07:00:00+00:00\",\"scale\":1}".utf8).write(
      to: path)
    let check = try ToolRun.run(["fmt", "--check", "--journal", journal.path])
    #expect(check.status == 1)
    #expect(check.stdout == "\(path.path)\n")
    let format = try ToolRun.run(["fmt", "--journal", journal.path])
    #expect(format.status == 0)
    #expect(
      try Self.bodyLog(journal) == "{\"timestamp\":\"2026-11-20T07:00:00Z\",\"weight_kg\":81.5,\"scale\":1}\n"
    )
    let again = try ToolRun.run(["fmt", "--check", "--journal", journal.path])
    #expect(again.status == 0)
    #expect(again.stdout == "")
  }
}
