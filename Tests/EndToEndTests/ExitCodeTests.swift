import Foundation
import ReportFormats
import Testing

/// Exit codes and messages (manual: command-line): 0 success, 1 journal errors, 2 usage errors, 3 I/O failures.
@Suite struct ExitCodeTests {
  static let sample = ["--journal", ToolRun.sampleJournal, "--today", "2026-11-21"]
  /// The built-in format names as an unknown format's message lists them.
  static let builtInNames = BuiltInFormats.names.joined(separator: ", ")

  /// A usage mistake and what its message must say.
  struct Misuse: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var mentions: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let misuses: [Misuse] = [
    Misuse(arguments: ["weak"], mentions: ["unknown command 'weak'", "did you mean 'week'"]),
    Misuse(arguments: ["chek"], mentions: ["unknown command 'chek'", "did you mean 'check'"]),
    Misuse(arguments: ["help", "weak"], mentions: ["unknown command or topic 'weak'", "did you mean 'week'"]),
    Misuse(
      arguments: ["week", "--jornal", ToolRun.sampleJournal],
      mentions: ["unknown option '--jornal'", "did you mean '--journal'"]),
    Misuse(
      arguments: ["week", "--jornal=" + ToolRun.sampleJournal],
      mentions: ["unknown option '--jornal'", "did you mean '--journal'"]),
    Misuse(
      arguments: ["check", "--strikt"], mentions: ["unknown option '--strikt'", "did you mean '--strict'"]),
    Misuse(arguments: ["week", "--journal"], mentions: ["--journal needs a value"]),
    Misuse(arguments: ["week", "-f"], mentions: ["-f needs a value"]),
    Misuse(arguments: ["week", "--strict=yes"] + sample, mentions: ["--strict takes no value"]),
    Misuse(arguments: ["week", "fortnight"] + sample, mentions: ["'fortnight' is not a period"]),
    Misuse(arguments: ["week", "2026-W54"] + sample, mentions: ["2026-W54"]),
    Misuse(arguments: ["day", "2026-02-30"] + sample, mentions: ["2026-02-30"]),
    Misuse(
      arguments: ["week", "--journal", ToolRun.sampleJournal, "--today", "2026-13-01"],
      mentions: ["--today", "month 13"]),
    Misuse(
      arguments: ["week", "--journal", ToolRun.sampleJournal, "--today", "tomorrow"], mentions: ["--today"]),
    Misuse(
      arguments: ["week", "--week-start", "tuesday"] + sample,
      mentions: ["--week-start", "monday, sunday or saturday", "tuesday"]),
    Misuse(
      arguments: ["week", "--tz", "Mars/Olympus_Mons"] + sample, mentions: ["--tz", "Mars/Olympus_Mons"]),
    Misuse(arguments: ["week", "--tz", "+25:00"] + sample, mentions: ["--tz"]),
    Misuse(
      arguments: ["week", "--format", "xml"] + sample,
      mentions: ["unknown format 'xml'", "available: \(builtInNames)"]),
    Misuse(
      arguments: ["week", "-f", "jsn"] + sample,
      mentions: ["unknown format 'jsn'", "available: \(builtInNames)", "did you mean 'json'"]),
    Misuse(
      arguments: ["entries", "--format", "markdwn"] + sample,
      mentions: ["unknown format 'markdwn'", "did you mean 'markdown'"]),
    Misuse(
      arguments: ["check", "-f", "txt", "--journal", ToolRun.badJournal],
      mentions: ["unknown format 'txt'", "did you mean 'text'"]),
    Misuse(
      arguments: ["week", "-o", "{weak}.html"] + sample,
      mentions: ["unknown placeholder '{weak}'", "{week}", "{date}", "{month}", "{year}", "{kind}"]),
    Misuse(arguments: ["week", "-o", "Reports/{week.html"] + sample, mentions: ["unclosed '{'"]),
    Misuse(
      arguments: ["week", "--template", "Tests/Fixtures/weekly.mustache"] + sample,
      mentions: ["--template", "NAME.EXT.mustache", "'weekly.mustache'"]),
    Misuse(arguments: ["week", "--decimals", "12"] + sample, mentions: ["--decimals", "0 to 9", "'12'"]),
    Misuse(arguments: ["week", "--decimals", "-1"] + sample, mentions: ["--decimals"]),
    Misuse(
      arguments: ["week", "--low-confidence", "2"] + sample, mentions: ["--low-confidence", "0 to 1", "'2'"]),
    Misuse(arguments: ["week", "--high-confidence", "nan"] + sample, mentions: ["--high-confidence"]),
    Misuse(arguments: ["range"] + sample, mentions: ["range needs a PERIOD"]),
    Misuse(arguments: ["range", "--from", "2026-11-01"] + sample, mentions: ["--from and --to go together"]),
    Misuse(arguments: ["range", "--to", "2026-11-07"] + sample, mentions: ["--from and --to go together"]),
    Misuse(
      arguments: ["range", "2026-11", "--from", "2026-11-01", "--to", "2026-11-07"] + sample,
      mentions: ["either a PERIOD or --from/--to"]),
  ]

  @Test(arguments: misuses)
  func usageErrorsExitTwo(_ misuse: Misuse) throws {
    let run = try ToolRun.run(misuse.arguments)
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("demeter-report: error: "))
    #expect(run.stderr.hasSuffix("Run 'demeter-report help' for usage.\n"))
    for text in misuse.mentions {
      #expect(run.stderr.contains(text), "stderr lacks \(text): \(run.stderr)")
    }
  }

  @Test(arguments: [
    ["week", "--journal", "Tests/Fixtures/no-such-journal", "--today", "2026-11-21"],
    ["check", "--journal", "Tests/Fixtures/no-such-journal"],
    ["week", "--journal", "Tests/Fixtures/sample-journal/2026-11-21.jsonl"],
  ])
  func missingJournalExitsThree(arguments: [String]) throws {
    let run = try ToolRun.run(arguments)
    #expect(run.status == 3)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("demeter-report: error: journal folder '"))
    #expect(run.stderr.contains("does not exist or is not a folder"))
  }

  /// A missing `--template` file is an I/O failure, and nothing is written.
  @Test func missingTemplateExitsThree() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("weekly.txt.mustache").path
    let run = try ToolRun.run(
      ["week", "--template", missing, "-o", folder.appendingPathComponent("out.txt").path] + Self.sample)
    #expect(run.status == 3)
    #expect(run.stdout == "")
    #expect(run.stderr == "demeter-report: error: --template: '\(missing)' does not exist\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(arguments: [[], ["--journal", ToolRun.sampleJournal], ["--journal", ToolRun.badJournal]])
  func formatsExitsZero(arguments: [String]) throws {
    let run = try ToolRun.run(["formats"] + arguments)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let names = run.stdout.split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(names == BuiltInFormats.namesAndAliases)
  }

  @Test func missingJournalFromEnvironmentExitsThree() throws {
    let run = try ToolRun.run(
      ["week", "--today", "2026-11-21"], environment: ["DEMETER_JOURNAL": "/nonexistent/journal"])
    #expect(run.status == 3)
    #expect(run.stderr.contains("'/nonexistent/journal'"))
  }

  /// The current period: one bucket row under the header.
  @Test(arguments: ["day", "week", "month", "year"])
  func reportsSucceed(command: String) throws {
    let run = try ToolRun.run([command, "-f", "csv"] + Self.sample)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasSuffix("\n"))
    #expect(run.csvRows().count == 2)
  }

  /// Without `-f` the report is the text one (the default since issue 3).
  @Test(arguments: ["day", "week", "month", "year", "entries", "ingredients"])
  func defaultFormatIsText(command: String) throws {
    let run = try ToolRun.run([command] + Self.sample)
    let text = try ToolRun.run([command, "--format", "text"] + Self.sample)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(!run.stdout.isEmpty)
    #expect(run.stdout == text.stdout)
  }

  @Test func journalFromEnvironment() throws {
    let run = try ToolRun.run(
      ["week", "2026-W47", "-f", "csv"], environment: ["DEMETER_JOURNAL": ToolRun.sampleJournal])
    let explicit = try ToolRun.run(["week", "2026-W47", "-f", "csv", "--journal", ToolRun.sampleJournal])
    #expect(run.status == 0)
    #expect(run.stdout == explicit.stdout)
    #expect(run.stdout.contains("\n2026-W47,2026-11-16,56,7,"))
  }

  /// The sample journal has no errors, only the 18 late-night entries stored in the previous day's
  /// file: the first 5 are listed, then their count (issue 47).
  @Test func checkOnSampleJournalSucceedsWithWarnings() throws {
    let run = try ToolRun.run(["check", "--journal", ToolRun.sampleJournal])
    #expect(run.status == 0)
    #expect(run.stdout == "checked 28 files, 224 valid entries: 0 errors, 18 warnings (13 not listed)\n")
    let located = run.stderrLines.filter { Self.isLocated($0, severity: "warning") }
    #expect(located.count == 5)
    #expect(located.allSatisfy { $0.contains("is stored in the file for") })
    #expect(run.stderrLines.filter { Self.isLocated($0, severity: "error") }.isEmpty)
    // Each diagnostic is followed by the line and a caret under the spot; then the count by kind.
    #expect(run.stderrLines.count == 3 * 5 + 2)
    #expect(run.stderrLines.last == "  18 another-days-file: entries dated in another day's file (5 listed)")
    let all = try ToolRun.run(["check", "--all", "--journal", ToolRun.sampleJournal])
    #expect(all.stderrLines.count == 3 * 18)
  }

  @Test func strictCheckFailsOnWarnings() throws {
    let run = try ToolRun.run(["check", "--strict", "--journal", ToolRun.sampleJournal])
    #expect(run.status == 1)
    #expect(run.stderrLines.last == "demeter-report: 18 errors in the journal")
  }

  @Test func quietCheckPrintsNoSummary() throws {
    let run = try ToolRun.run(["check", "--quiet", "--journal", ToolRun.badJournal])
    #expect(run.status == 1)
    #expect(run.stdout == "")
  }

  @Test func checkOnBadJournalExitsOne() throws {
    let run = try ToolRun.run(["check", "--journal", ToolRun.badJournal])
    #expect(run.status == 1)
    let located = run.stderrLines.filter { Self.isLocated($0, severity: "error") }
    let warnings = run.stderrLines.filter { Self.isLocated($0, severity: "warning") }
    #expect(located.count == 7)
    #expect(warnings.count == 2)
    #expect(run.stderrLines.last == "demeter-report: 7 errors in the journal")
  }

  @Test func checkNamedFile() throws {
    let run = try ToolRun.run(["check", "Tests/Fixtures/bad-journal/2026/2026-11-21.jsonl"])
    #expect(run.status == 1)
    #expect(run.stderrLines.filter { Self.isLocated($0, severity: "error") }.count == 7)
  }

  @Test func strictReportOnBadJournalExitsOne() throws {
    let run = try ToolRun.run(["week", "--strict", "--journal", ToolRun.badJournal, "--today", "2026-11-21"])
    #expect(run.status == 1)
    #expect(run.stdout == "")
    let located = run.stderrLines.filter { Self.isLocated($0, severity: "error") }
    #expect(located.count == 7)
    #expect(located.allSatisfy { $0.hasPrefix("Tests/Fixtures/bad-journal/2026/2026-11-21.jsonl:") })
    #expect(
      located.first
        == "Tests/Fixtures/bad-journal/2026/2026-11-21.jsonl:2:238: error: trailing comma before '}'")
    #expect(run.stderrLines.last == "demeter-report: 7 errors in the journal")
  }

  @Test func reportOnBadJournalSkipsWithOneLine() throws {
    let run = try ToolRun.run(["week", "-f", "csv", "--journal", ToolRun.badJournal, "--today", "2026-11-21"])
    #expect(run.status == 0)
    #expect(run.stderrLines.count == 1)
    #expect(run.stderrLines.first?.contains("skipped 7 invalid lines") == true)
    #expect(run.stdout.contains("\n2026-W47,2026-11-16,3,2,412,"))
  }

  @Test(arguments: ["--quiet", "-q"])
  func quietReportOnBadJournalPrintsNothingOnStderr(flag: String) throws {
    let run = try ToolRun.run([
      "week", flag, "-f", "csv", "--journal", ToolRun.badJournal, "--today", "2026-11-21",
    ])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.contains("\n2026-W47,2026-11-16,3,2,412,"))
  }

  @Test func emptyJournalGivesAnEmptyRow() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run(["week", "all", "-f", "csv", "--journal", folder.path, "--today", "2026-11-21"])
    #expect(run.status == 0)
    #expect(
      run.stderr
        == "demeter-report: warning: no day files under '\(folder.path)' (YYYY-MM-DD.jsonl at any depth); "
        + "the report is empty\n")
    #expect(
      run.stdout.split(separator: "\n").dropFirst().map(String.init) == [
        "2026-W47,2026-11-16,0,0,0,0,0,0,,,,,0"
      ])
  }

  /// `path:line:column: severity: message`.
  static func isLocated(_ line: String, severity: String) -> Bool {
    line.wholeMatch(of: /[^ :]+\.jsonl:[0-9]+:[0-9]+: (error|warning): .+/)?.output.1 == Substring(severity)
  }
}
