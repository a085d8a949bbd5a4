import Foundation
import Testing

/// `<journal>/.demeter.json` and the precedence of the manual's `journal` topic: option > environment > config > default.
@Suite struct ConfigTests {
  static func journal(config: String) throws -> (folder: URL, journal: URL) {
    let copy = try ToolRun.copyOfSampleJournal()
    try Data(config.utf8).write(to: copy.journal.appendingPathComponent(".demeter.json"))
    return copy
  }

  static func firstLabel(_ run: ToolRun) -> String? { run.csvRows().dropFirst().first?.first }

  @Test func precedenceOptionEnvironmentConfigDefault() throws {
    let (folder, journal) = try Self.journal(config: #"{"weekStart":"sunday","goals":{"calories":2000}}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let week = ["week", "--journal", journal.path, "--today", "2026-11-21", "-f", "csv"]
    #expect(Self.firstLabel(try ToolRun.run(week)) == "week of 2026-11-15")
    #expect(
      Self.firstLabel(try ToolRun.run(week, environment: ["DEMETER_WEEK_START": "saturday"]))
        == "week of 2026-11-21")
    #expect(
      Self.firstLabel(
        try ToolRun.run(week + ["--week-start", "monday"], environment: ["DEMETER_WEEK_START": "saturday"]))
        == "2026-W47")
    let json = try ToolRun.run(["week", "--journal", journal.path, "--today", "2026-11-21", "-f", "json"])
      .stdout
    #expect(json.contains(#"{"id":"goal_calories","label":"Daily goal, calories","value":2000,"#))
  }

  @Test func badConfigIsAUsageErrorWithItsLocation() throws {
    let (folder, journal) = try Self.journal(config: "{\n  \"weekStart\": \"friday\"\n}\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run(["week", "--journal", journal.path, "--today", "2026-11-21"])
    #expect(run.status == 2)
    #expect(run.stderr.contains(".demeter.json:2:16: error: \"weekStart\" must be"))
    let check = try ToolRun.run(["check", "--journal", journal.path])
    #expect(check.status == 1)
    #expect(check.stderr.contains(".demeter.json:2:16: error:"))
  }

  /// The config's path comes from the journal's layout, as every other file of the journal's: a
  /// folder named with a trailing slash gets one slash before `.demeter.json`, as before the
  /// ingredient file.
  @Test func configPathOfAFolderNamedWithASlash() throws {
    let (folder, journal) = try Self.journal(config: "{\n  \"weekStart\": \"friday\"\n}\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    for command in [["week"], ["ingredients", "popular"]] {
      let run = try ToolRun.run(command + ["--journal", journal.path + "/", "--today", "2026-11-21"])
      #expect(run.status == 2)
      let located = journal.path + "/.demeter.json:2:16: error: \"weekStart\" must be"
      #expect(run.stderr.hasPrefix(located), "\(command)")
    }
  }

  @Test func unknownSettingsAreWarnedAboutUnlessQuiet() throws {
    let (folder, journal) = try Self.journal(config: #"{"colour":"blue"}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let week = ["week", "--journal", journal.path, "--today", "2026-11-21", "-f", "csv"]
    let run = try ToolRun.run(week)
    #expect(run.status == 0)
    #expect(run.stderr.contains("warning: unknown setting \"colour\" is ignored"))
    #expect(try ToolRun.run(week + ["--quiet"]).stderr == "")
  }
}
