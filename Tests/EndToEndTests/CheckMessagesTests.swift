import Foundation
import Testing

/// `check`'s messages a person can act on (issue 47): warnings grouped by kind with counts, the
/// first few of each listed, `--all` for every one, a config setting to silence a kind; the
/// summary's plurals; the manual's pre-commit hook printing one error once.
@Suite struct CheckMessagesTests {
  typealias Lines = FirstWeekWritingTests

  /// A journal whose 2026-11-21 file holds `late` late-night entries dated the next day, then one
  /// last line without its final newline; `config` is its `.demeter.json` when given.
  static func journal(late: Int, config: String? = nil) throws -> (folder: URL, journal: URL) {
    let (folder, journal) = try Lines.newJournal()
    let lines = (1...late).map { Lines.line(Lines.id($0), "2026-11-22T00:\(10 + $0):00Z") }
      + [Lines.line(Lines.id(99), "2026-11-21T20:00:00Z")]
    try Data(lines.joined(separator: "\n").utf8).write(to: journal.appendingPathComponent("2026-11-21.jsonl"))
    if let config { try Data(config.utf8).write(to: journal.appendingPathComponent(".demeter.json")) }
    return (folder, journal)
  }

  static func located(_ run: ToolRun, _ text: String) -> [String] {
    run.stderrLines.filter { $0.contains(": warning: ") && $0.contains(text) }
  }

  @Test func warningsOfAKindPastTheFirstFewAreCountedAndAllListsEveryOne() throws {
    let (folder, journal) = try Self.journal(late: 12)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run(["check", "--journal", journal.path], binary: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.located(run, "but is stored in the file for 2026-11-21").count == 5)
    #expect(Self.located(run, "last line has no final newline").count == 1)
    #expect(run.stderr.contains(
      "demeter-report: warnings by kind (check --all lists every one; \"silencedWarnings\": [KIND] in "
        + ".demeter.json silences a kind):\n"
        + "  12 another-days-file: entries dated in another day's file (5 listed)\n"
        + "   1 no-final-newline: file without a final newline (all listed)\n"), "\(run.stderr)")
    #expect(run.stdout == "checked 1 file, 13 valid entries: 0 errors, 13 warnings (7 not listed)\n")

    let all = try ToolRun.run(["check", "--all", "--journal", journal.path])
    #expect(Self.located(all, "but is stored in the file for 2026-11-21").count == 12)
    #expect(!all.stderr.contains("warnings by kind"))
    #expect(all.stdout == "checked 1 file, 13 valid entries: 0 errors, 13 warnings\n")
    // Exit codes are as before: --strict fails on warnings, listed or not.
    let strict = try ToolRun.run(["check", "--strict", "--journal", journal.path])
    #expect(strict.status == 1)
    #expect(strict.stderrLines.last == "demeter-report: 13 errors in the journal")
  }

  /// The parse cache keeps a file's first few warnings of each kind and the count of the others,
  /// and `--all` is read under its own fingerprint: warm runs print what cold ones do.
  @Test func theCacheGivesTheSameMessagesAsAFreshReadWithAndWithoutAll() throws {
    let (folder, journal) = try Self.journal(late: 9)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cached = ["DEMETER_NO_CACHE": ""]
    for arguments in [["check"], ["check", "--all"], ["check", "-f", "csv"]] {
      let fresh = try ToolRun.run(arguments + ["--no-cache", "--journal", journal.path])
      let cold = try ToolRun.run(arguments + ["--journal", journal.path], environment: cached)
      let warm = try ToolRun.run(arguments + ["--journal", journal.path], environment: cached)
      #expect(cold.stdout == fresh.stdout && cold.stderr == fresh.stderr, "\(arguments)")
      #expect(warm.stdout == fresh.stdout && warm.stderr == fresh.stderr, "\(arguments)")
    }
  }

  @Test func theConfigSilencesAKindAndNamesAMisspeltOne() throws {
    let config = "{\"silencedWarnings\": [\"another-days-file\", \"no-final-newlines\"]}\n"
    let (folder, journal) = try Self.journal(late: 7, config: config)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run(["check", "--strict", "--journal", journal.path], binary: true)
    #expect(Self.located(run, "but is stored in the file").isEmpty)
    #expect(run.stderr.contains(
      "/.demeter.json:1:44: warning: unknown warning kind \"no-final-newlines\" is ignored; "
        + "did you mean \"no-final-newline\"?"), "\(run.stderr)")
    #expect(run.stderr.contains("  7 another-days-file: entries dated in another day's file (silenced)"))
    #expect(run.stdout == "checked 1 file, 8 valid entries: 0 errors, 2 warnings (7 silenced)\n")
    // Silenced warnings do not fail --strict; the two left do.
    #expect(run.status == 1)
    #expect(run.stderrLines.last == "demeter-report: 2 errors in the journal")
  }

  /// A report format lists what the terminal does and counts each kind; with --all, every warning.
  @Test func reportFormatsCountEachKindAndAllListsEveryRow() throws {
    let (folder, journal) = try Self.journal(late: 8)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = try ToolRun.run(["check", "-f", "json", "--journal", journal.path])
    #expect(json.status == 0)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let summary = try #require(report["summary"] as? [[String: Any]])
    #expect(summary.compactMap { $0["id"] as? String }.contains("warnings_not_listed"))
    let tables = try #require(report["tables"] as? [[String: Any]])
    #expect(tables.compactMap { $0["id"] as? String } == ["problems", "warning_kinds"])
    let csv = try ToolRun.run(["check", "-f", "csv", "--all", "--journal", journal.path])
    #expect(csv.stdout.components(separatedBy: "is stored in the file for").count - 1 == 8)
  }

  @Test func theSummarySaysOneValidEntry() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try WritingTests.run(
      ["check", "--stdin-name", "journal/2026-11-24.jsonl", "-"],
      input: Lines.line(Lines.id(1), "2026-11-24T08:00:00Z") + "\n", in: folder)
    #expect(run.stdout == "checked 1 file, 1 valid entry: 0 errors, 0 warnings\n")
  }

  /// The manual's hook prints an invalid staged file's error once, and does not advise `fmt` for
  /// a file `fmt` will not rewrite.
  @Test func theManualsHookPrintsAnErrorOnceAndNoFmtAdviceForIt() throws {
    guard let git = ToolRun.findExecutable("git") else { return }
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let day = folder.appendingPathComponent("journal/2026-11-24.jsonl")
    try FileManager.default.createDirectory(at: day.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(try Lines.git(git, ["init", "-q"], in: folder).status == 0)
    let hookURL = folder.appendingPathComponent(".git/hooks/pre-commit")
    try Data(Lines.hook.utf8).write(to: hookURL)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hookURL.path)
    let invalid = Lines.line(Lines.id(2), "2026-11-24T09:00:00Z").replacingOccurrences(
      of: "\"calories\":80", with: "\"calories\":-80")
    try Data((invalid + "\n").utf8).write(to: day)
    #expect(try Lines.git(git, ["add", "-A"], in: folder).status == 0)
    let commit = try Lines.git(git, ["commit", "-q", "-m", "bad"], in: folder)
    #expect(commit.status != 0)
    let errors = commit.stderrLines.filter { $0.contains(": error: ") }
    #expect(errors.count == 1, "\(commit.stderr)")
    #expect(errors.first?.hasPrefix("journal/2026-11-24.jsonl:1:") == true)
    #expect(!commit.stderr.contains("not formatted"), "\(commit.stderr)")
    #expect(!commit.stderr.contains("fmt"), "\(commit.stderr)")
  }
}
