import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a new user ran into when writing a journal (issue 15, "Writing and git", "Input", "fmt"):
/// `add` leaves files `fmt` accepts and says where it wrote, no journal is made by accident,
/// `.demeter/` stays out of git, ids by unique prefix, the manual's hook and cron recipes as
/// written, warnings for misspelt keys and offset-less times, and `fmt` writing only what changes.
@Suite struct FirstWeekWritingTests {
  static let environment = ["TZ": "UTC"]

  /// A valid entry line.
  static func line(_ id: String, _ time: String, food: String = "toast", confidence: String = "1") -> String {
    #"{"id":"\#(id)","timestamp":"\#(time)","rawDescription":"","foodName":"\#(food)","quantity":1,"#
      + #""unit":"slice","calories":80,"protein":3,"carbohydrates":15,"fat":1,"confidence":\#(confidence)}"#
  }

  static func id(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }

  /// A new folder holding an empty `journal/`; the caller removes the folder.
  static func newJournal() throws -> (folder: URL, journal: URL) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    return (folder, journal)
  }

  static func add(_ arguments: [String], in folder: URL) throws -> ToolRun {
    try ToolRun.run(
      ["add", "--food", "toast", "--calories", "80", "--protein", "3", "--carbs", "15", "--fat", "1"]
        + arguments,
      in: folder, environment: environment)
  }

  // MARK: - add

  @Test func anEarlierMealAddedLaterStillPassesFmtCheckAndAddSaysWhereItWrote() throws {
    let (folder, journal) = try Self.newJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dinner = try Self.add(["--time", "2026-11-24T19:00:00-05:00"], in: folder)
    #expect(dinner.status == 0, "\(dinner.stderr)")
    #expect(dinner.stderr == "added 1 entry to journal/2026-11-24.jsonl\n")
    let breakfast = try Self.add(["--time", "2026-11-24T08:00:00-05:00", "--meal", "breakfast"], in: folder)
    #expect(breakfast.status == 0, "\(breakfast.stderr)")
    let text = try String(contentsOf: journal.appendingPathComponent("2026-11-24.jsonl"), encoding: .utf8)
    #expect(text.hasPrefix(#"{"id":"\#(breakfast.stdout.trimmingCharacters(in: .newlines))""#))
    let check = try ToolRun.run(["fmt", "--check"], in: folder, environment: Self.environment)
    #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
    // Moving the breakfast to the evening moves its line too.
    let edit = try ToolRun.run(
      ["edit", String(breakfast.stdout.prefix(8)), "--time", "2026-11-24T21:00:00-05:00"], in: folder,
      environment: Self.environment)
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(try ToolRun.run(["fmt", "--check"], in: folder, environment: Self.environment).status == 0)
  }

  @Test func withoutAJournalAddSaysSoAndWritesNothing() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.add([], in: folder)
    #expect(run.status == 3)
    #expect(run.stderr.contains("no journal found") && run.stderr.contains("mkdir journal"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    // A report there fails the same way (a home folder is never searched as a journal).
    #expect(try ToolRun.run(["week"], in: folder, environment: Self.environment).status == 3)
  }

  @Test func aReportOnAFolderWithoutDayFilesSaysSoAndStillWritesTheReport() throws {
    let (folder, _) = try Self.newJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run(["week", "--today", "2026-11-24"], in: folder, environment: Self.environment)
    #expect(run.status == 0)
    #expect(run.stderr.contains("no day files under 'journal'"), "\(run.stderr)")
    #expect(run.stdout.contains("2026-W48"))
    let quiet = try ToolRun.run(
      ["week", "--today", "2026-11-24", "-q"], in: folder, environment: Self.environment)
    #expect(quiet.stderr.isEmpty)
  }

  @Test func addTimeWithoutOffsetGetsTheOffsetOfTheZone() throws {
    let (folder, journal) = try Self.newJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.add(["--time", "2026-07-01T12:00:00", "--tz", "Europe/Berlin"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOf: journal.appendingPathComponent("2026-07-01.jsonl"), encoding: .utf8)
    #expect(text.contains(#""timestamp":"2026-07-01T12:00:00+02:00""#))
    // Without --tz or a configured zone: the machine's zone (TZ).
    let local = try ToolRun.run(
      [
        "add", "--food", "tea", "--calories", "2", "--protein", "0", "--carbs", "0", "--fat", "0", "--time",
        "2026-07-02T12:00:00",
      ], in: folder, environment: ["TZ": "Asia/Kolkata"])
    #expect(local.status == 0, "\(local.stderr)")
    let second = try String(contentsOf: journal.appendingPathComponent("2026-07-02.jsonl"), encoding: .utf8)
    #expect(second.contains(#""timestamp":"2026-07-02T12:00:00+05:30""#))
  }

  // MARK: - git

  @Test func theStateFolderIsInvisibleToGit() throws {
    guard let git = ToolRun.findExecutable("git") else { return }
    let (folder, _) = try Self.newJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try Self.git(git, ["init", "-q"], in: folder).status == 0)
    #expect(try Self.add(["--time", "2026-11-24T08:00:00Z"], in: folder).status == 0)
    #expect(
      try ToolRun.run(["week", "--today", "2026-11-24"], in: folder, environment: ["DEMETER_NO_CACHE": ""])
        .status == 0)
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("journal/.demeter/lock").path))
    #expect(try Self.git(git, ["add", "-A"], in: folder).status == 0)
    let staged = try Self.git(git, ["diff", "--cached", "--name-only"], in: folder)
    #expect(staged.stdout == "journal/2026-11-24.jsonl\n", "\(staged.stdout)")
  }

  /// The pre-commit hook exactly as the manual gives it (`cron-and-git`): the here-document that
  /// writes `.git/hooks/pre-commit`.
  static let hook: String = {
    let topic = ToolRun.packageRoot.appendingPathComponent(
      "Sources/DemeterCommandLine/Documentation.docc/cron-and-git.md")
    let text = (try? String(contentsOf: topic, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("cat > .git/hooks/pre-commit <<'EOF'") }),
      let end = lines[(start + 1)...].firstIndex(of: "EOF")
    else { return "" }
    return lines[(start + 1)..<end].joined(separator: "\n") + "\n"
  }()

  /// Writes an executable file that no process this one starts inherits open: a file some child
  /// still holds open for writing cannot be run ("Text file busy"), and other tests start
  /// processes all the time. Whether it was written in full.
  static func writeExecutable(_ text: String, to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
  }

  @Test func theManualsHookChecksTheStagedCopyInFoldersWithSpaces() throws {
    guard let git = ToolRun.findExecutable("git") else { return }
    #expect(Self.hook.hasPrefix("#!/bin/sh\n") && Self.hook.contains("fmt --check"), "\(Self.hook)")
    let folder = try ToolRun.makeTemporaryDirectory().appendingPathComponent("my food")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let day = folder.appendingPathComponent("food log/2026/2026-11-24.jsonl")
    try FileManager.default.createDirectory(
      at: day.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(try Self.git(git, ["init", "-q"], in: folder).status == 0)
    let hookURL = folder.appendingPathComponent(".git/hooks/pre-commit")
    #expect(Self.writeExecutable(Self.hook, to: hookURL.path))
    let good = Self.line(Self.id(1), "2026-11-24T08:00:00Z") + "\n"
    let invalid =
      Self.line(Self.id(2), "2026-11-24T09:00:00Z").replacingOccurrences(of: "80", with: "-80") + "\n"
    let unformatted = Self.line(Self.id(3), "2026-11-24T10:00:00Z") + "\n" + good

    // Staged: valid and formatted; the working tree, broken afterwards, is not what is committed.
    try Data(good.utf8).write(to: day)
    #expect(try Self.git(git, ["add", "-A"], in: folder).status == 0)
    try Data(invalid.utf8).write(to: day)
    let first = try Self.git(git, ["commit", "-q", "-m", "good"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.isEmpty && first.stdout.isEmpty, "quiet on success: \(first.stdout)\(first.stderr)")

    // Staged: an invalid line, though the working tree is fine by then.
    #expect(try Self.git(git, ["add", "-A"], in: folder).status == 0)
    try Data(good.utf8).write(to: day)
    let second = try Self.git(git, ["commit", "-q", "-m", "bad"], in: folder)
    #expect(second.status != 0)
    #expect(second.stderr.contains("food log/2026/2026-11-24.jsonl:1:"), "\(second.stderr)")

    // Staged: valid but not in canonical order.
    try Data(unformatted.utf8).write(to: day)
    #expect(try Self.git(git, ["add", "-A"], in: folder).status == 0)
    let third = try Self.git(git, ["commit", "-q", "-m", "unformatted"], in: folder)
    #expect(third.status != 0)
    #expect(third.stderr.contains("not formatted: food log/2026/2026-11-24.jsonl"), "\(third.stderr)")
  }

  /// Runs git in `folder` with a fixed identity and the built tool first on `PATH`, no user config.
  static func git(_ git: URL, _ arguments: [String], in folder: URL) throws -> ToolRun {
    try ToolRun.launch(
      git, arguments, in: folder,
      environment: [
        "PATH": ToolRun.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": folder.path,
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org", "LANG": "C", "TZ": "UTC",
        "DEMETER_NO_CACHE": "1",
      ])
  }

  @Test func theReadmeCronLineRunsWithoutTheToolOnPath() throws {
    let home = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let bin = home.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: ToolRun.binary, to: bin.appendingPathComponent("demeter-report"))
    let journal = home.appendingPathComponent("food/journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    try Data((Self.line(Self.id(1), "2026-11-17T08:00:00Z") + "\n").utf8).write(
      to: journal.appendingPathComponent("2026-11-17.jsonl"))
    // The command part of the crontab line (cron runs it with sh, PATH=/usr/bin:/bin, HOME set).
    let command =
      #"cd "$HOME/food" && "$HOME/bin/demeter-report" week 'last week' -o 'Reports/{week}.html' --quiet "#
        + #"--today 2026-11-24"#
    var run: ToolRun
    var attempts = 0
    repeat {
      // A process another test starts while the copy is being written holds the copy open until
      // it runs its own program, and running the copy meanwhile fails as "Text file busy".
      if attempts > 0 { Thread.sleep(forTimeInterval: 0.2) }
      attempts += 1
      run = try ToolRun.launch(
        URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: home,
        environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "SHELL": "/bin/sh"])
    } while run.status == 126 && run.stderr.contains("Text file busy") && attempts < 25
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty && run.stderr.isEmpty, "nothing for cron to mail: \(run.stdout)\(run.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: home.appendingPathComponent("food/Reports/2026-W47.html").path))
  }

  // MARK: - ids

  @Test func entriesByUniqueIdPrefixAndTheIdsTextReportsShow() throws {
    let (folder, journal) = try Self.newJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = [
      Self.line(
        "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", "2026-11-24T08:00:00Z", food: "unsure toast",
        confidence: "0.2"),
      Self.line("6f0c1111-3c1e-4a57-9a52-0d7f1d0e7b11", "2026-11-24T09:00:00Z"),
    ]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: journal.appendingPathComponent("2026-11-24.jsonl"))
    let ambiguous = try ToolRun.run(["rm", "6f0c"], in: folder, environment: Self.environment)
    #expect(ambiguous.status == 2)
    #expect(ambiguous.stderr.contains("id prefix \"6f0c\" matches 2 entries"))
    #expect(ambiguous.stderr.contains("  6f0c1111-3c1e-4a57-9a52-0d7f1d0e7b11 (journal/2026-11-24.jsonl:2)"))
    // The text report shows the flagged entry's whole id, which rm takes.
    let report = try ToolRun.run(
      ["week", "--today", "2026-11-24"], in: folder, environment: Self.environment)
    let shown = try #require(report.stdout.firstMatch(of: /id ([0-9a-f-]{36})/)).1
    #expect(shown == "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11")
    let removed = try ToolRun.run(["rm", String(shown)], in: folder, environment: Self.environment)
    #expect(removed.status == 0 && removed.stdout == "removed \(shown)\n", "\(removed.stderr)")
    let edited = try ToolRun.run(
      ["edit", "6f0c1", "--calories", "90"], in: folder, environment: Self.environment)
    #expect(edited.status == 0 && edited.stdout == "edited 6f0c1111-3c1e-4a57-9a52-0d7f1d0e7b11\n")
  }

  // MARK: - check

  @Test func checkReadsAStagedCopyFromStdinAndIsQuietWhenAsked() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = Self.line(Self.id(1), "2026-11-24T08:00:00Z") + "\n"
    let quiet = try WritingTests.run(
      ["check", "-q", "--stdin-name", "journal/2026-11-24.jsonl", "-"], input: good, in: folder)
    #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    let misplaced = try WritingTests.run(
      ["check", "--stdin-name", "journal/2026-11-25.jsonl", "-"], input: good, in: folder)
    #expect(misplaced.status == 0)
    #expect(misplaced.stderr.hasPrefix("journal/2026-11-25.jsonl:1:1: warning: entry is dated 2026-11-24"))
    let alone = try ToolRun.run(["check", "--stdin-name", "x.jsonl"], in: folder)
    #expect(alone.status == 2)
  }

  @Test func checkWarnsAboutMisspeltKeysAndWithStrictAboutTimesWithoutOffset() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let line = Self.line(Self.id(1), "2026-11-24T08:00:00").dropLast() + #","meals":"lunch"}"# + "\n"
    let lenient = try WritingTests.run(
      ["check", "--stdin-name", "2026-11-24.jsonl", "-"], input: String(line), in: folder)
    #expect(lenient.status == 0)
    #expect(
      lenient.stderr.contains(#"warning: unknown key "meals"; did you mean "meal"?"#), "\(lenient.stderr)")
    #expect(!lenient.stderr.contains("no UTC offset"))
    let strict = try WritingTests.run(
      ["check", "--strict", "--stdin-name", "2026-11-24.jsonl", "-"], input: String(line), in: folder)
    #expect(strict.status == 1)
    #expect(
      strict.stderr.contains("2026-11-24.jsonl:1:58: warning: timestamp has no UTC offset"),
      "\(strict.stderr)")
  }

  // MARK: - fmt

  @Test func fmtRewritesOnlyTheFilesThatChangeAndShowsNoProgressWithoutATerminal() throws {
    let (folder, journal) = try Self.newJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [URL] = []
    for day in 1...31 {
      let date = String(format: "2026-10-%02d", day)
      let path = journal.appendingPathComponent("\(date).jsonl")
      try Data((Self.line(Self.id(day), "\(date)T08:00:00Z") + "\n").utf8).write(to: path)
      paths.append(path)
    }
    let untidy = paths[4]
    try Data(("\r\n" + Self.line(Self.id(99), "2026-10-05T09:00:00Z") + "\r\n").utf8).write(to: untidy)
    func inode(_ url: URL) throws -> Int {
      try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as! Int
    }
    let before = try paths.map(inode)
    let check = try ToolRun.run(["fmt", "--check"], in: folder, environment: Self.environment)
    #expect(check.status == 1 && check.stdout == "journal/2026-10-05.jsonl\n" && check.stderr.isEmpty)
    let run = try ToolRun.run(["fmt"], in: folder, environment: Self.environment)
    #expect(
      run.status == 0 && run.stdout == "journal/2026-10-05.jsonl\n" && run.stderr.isEmpty, "\(run.stderr)")
    let after = try paths.map(inode)
    #expect(
      zip(before, after).enumerated().allSatisfy {
        $0.offset == 4 ? $0.element.0 != $0.element.1 : $0.element.0 == $0.element.1
      })
    let stdin = try WritingTests.run(
      ["fmt", "--stdin-name", "journal/2026-10-05.jsonl", "-"],
      input: "\r\n" + Self.line(Self.id(99), "2026-10-05T09:00:00Z") + "\r\n", in: folder)
    #expect(stdin.status == 0 && stdin.stdout == Self.line(Self.id(99), "2026-10-05T09:00:00Z") + "\n")
  }
}
