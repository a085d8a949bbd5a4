import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A journal you were given (issue 13 §3) cannot act on your machine: what it holds reaches the
/// terminal escaped, its links lead nowhere outside it, and its templates never stand in for the
/// tool's own formats.
@Suite struct UntrustedJournalTests {
  /// A line that, printed raw, would start a line of its own on the terminal.
  static let fake = "FAKE"
  /// ESC, a raw newline starting a fake line, a right-to-left override, U+2028 and a C1 CSI.
  static let hostile = "\u{1b}[31m\n\(fake)\u{202e}\u{2028}\u{9b}"

  /// A journal whose folder name, meal, ingredient id, unknown key and settings all carry `hostile`.
  static func hostileJournal(in folder: URL) throws -> URL {
    let journal = folder.appendingPathComponent("journal")
    let days = journal.appendingPathComponent("2026/\(hostile)")
    try FileManager.default.createDirectory(at: days, withIntermediateDirectories: true)
    let escaped = #"\u001b[31m\nFAKE\u202e\u2028\u009b"#
    let line =
      #"{"id":"6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11","timestamp":"2026-11-21T08:15:00-05:00","#
      + #""rawDescription":"x","foodName":"x","quantity":1,"unit":"g","calories":1,"protein":1,"#
      + #""carbohydrates":1,"fat":1,"confidence":0.9,"meal":"\#(escaped)","#
      + #""matchedIngredientID":"\#(escaped)","k\#(escaped)":1}"#
    let bad = #"{"id":"7f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11","meal":7}"#
    try Data((line + "\n" + bad + "\n").utf8).write(to: days.appendingPathComponent("2026-11-21.jsonl"))
    try Data(#"{"x\#(escaped)":1,"timeZone":"\#(escaped)"}"#.utf8).write(
      to: journal.appendingPathComponent(".demeter.json"))
    try Data(#"{"id":"a","name":"b","caloriesPer100g":1}"#.utf8).write(
      to: journal.appendingPathComponent("ingredients.jsonl"))
    return journal
  }

  /// Nothing but printable text and line ends, and no line that the journal started.
  static func expectTerminalSafe(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let raw = text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x0A: false
      case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
      default: false
      }
    }
    #expect(
      raw.isEmpty, "\(what): raw \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    let lines = text.split(separator: "\n")
    #expect(
      !lines.contains { $0.hasPrefix(fake) }, "\(what): a line started by the journal",
      sourceLocation: sourceLocation)
  }

  @Test func diagnosticsEscapeEveryJournalString() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = try Self.hostileJournal(in: folder)
    for arguments in [["check"], ["check", "--strict"], ["week", "2026-11-16"], ["entries", "2026-11-16"]] {
      let run = try ToolRun.run(arguments + ["--journal", journal.path])
      #expect(run.status != 0)
      #expect(run.stderr.contains(#"unknown setting "x\u001b[31m\nFAKE"#), "\(arguments)")
      Self.expectTerminalSafe(run.stderr, "\(arguments)")
    }
    let fmt = try ToolRun.run(["fmt", "--check", "--journal", journal.path])
    #expect(fmt.status == 1)
    #expect(
      fmt.stderr.contains(
        #"2026/\u{1b}[31m\u{a}FAKE\u{202e}\u{2028}\u{9b}/2026-11-21.jsonl has invalid lines"#))
    Self.expectTerminalSafe(fmt.stderr + fmt.stdout, "fmt")
    let strict = try ToolRun.run(["check", "--strict", "--journal", journal.path])
    #expect(strict.stderr.contains(#"unknown meal "\u{1b}[31m\u{a}FAKE\u{202e}\u{2028}\u{9b}""#))
    #expect(strict.stderr.contains(#"matchedIngredientID "\u{1b}[31m\u{a}FAKE"#))
    #expect(strict.stderr.contains(#"unknown key "k\u{1b}[31m\u{a}FAKE"#))
    #expect(strict.stderr.contains(#"2026/\u{1b}[31m\u{a}FAKE\u{202e}\u{2028}\u{9b}/2026-11-21.jsonl:2:"#))
    #expect(strict.stderr.contains(#"unknown time zone '\u{1b}[31m\u{a}FAKE"#))
  }

  @Test func environmentStringsAreEscaped() throws {
    for (name, arguments) in [
      ("DEMETER_TZ", ["week"]), ("DEMETER_WEEK_START", ["week"]), ("DEMETER_LOW_CONFIDENCE", ["week"]),
      ("DEMETER_JOURNAL", ["week"]),
    ] {
      let run = try ToolRun.run(
        arguments + (name == "DEMETER_JOURNAL" ? [] : ["--journal", ToolRun.sampleJournal]),
        environment: [name: "x" + Self.hostile])
      #expect(run.status != 0, "\(name)")
      #expect(run.stderr.contains(#"x\u{1b}[31m\u{a}FAKE"#), "\(name): \(run.stderr)")
      Self.expectTerminalSafe(run.stderr, name)
    }
  }

  /// `.demeter` linked out of the journal: writes refuse it, reports run without the cache, and
  /// nothing lands in the folder it points to; a linked `lock` is refused the same way.
  @Test func linkedStateFolderIsRefused() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outside = folder.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let state = journal.appendingPathComponent(".demeter")
    try FileManager.default.createSymbolicLink(atPath: state.path, withDestinationPath: "../outside")
    let add = [
      "add", "--journal", journal.path, "--food", "x", "--calories", "1", "--protein", "0", "--carbs", "0",
      "--fat", "0",
    ]
    let refused = try ToolRun.run(add)
    #expect(refused.status == 3)
    #expect(
      refused.stderr.contains("/.demeter' is a symbolic link, which is never followed"), "\(refused.stderr)")
    let report = try ToolRun.run(
      ["week", "2026-11-16", "--journal", journal.path], environment: ["DEMETER_NO_CACHE": ""])
    #expect(report.status == 0)
    #expect(report.stderr.contains("the report is made without the parse cache"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)

    try FileManager.default.removeItem(at: state)
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: state.appendingPathComponent("lock").path,
      withDestinationPath: outside.appendingPathComponent("lock").path)
    let linkedLock = try ToolRun.run(add)
    #expect(linkedLock.status == 3)
    #expect(
      linkedLock.stderr.contains("it is a symbolic link, which is never followed"), "\(linkedLock.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
  }

  /// A day file found through a folder linked out of the journal is read but never rewritten there.
  @Test func dayFilesBehindALinkedFolderAreNotRewritten() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outside = folder.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let day = "2026-11-21.jsonl"
    try FileManager.default.moveItem(
      at: journal.appendingPathComponent(day), to: outside.appendingPathComponent(day))
    try FileManager.default.createSymbolicLink(
      atPath: journal.appendingPathComponent("2026").path, withDestinationPath: outside.path)
    let text = try String(contentsOf: outside.appendingPathComponent(day), encoding: .utf8)
    try Data(("\n" + text).utf8).write(to: outside.appendingPathComponent(day))
    let before = try WritingTests.snapshot(outside)
    let id = try #require(text.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.output.1)
    for arguments in [["fmt"], ["rm", String(id)], ["edit", String(id), "--calories", "5"]] {
      let run = try ToolRun.run(arguments + ["--journal", journal.path])
      #expect(run.status == 3, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("is outside the journal"), "\(arguments): \(run.stderr)")
      #expect(try WritingTests.snapshot(outside) == before, "\(arguments)")
    }
  }

  /// `recipes/` and `plans/` linked out of the journal: `recipe add|note|rm` and `plan add` refuse
  /// to write or remove there, as day files do, and the folder they point to is left as it was.
  @Test func recipesAndPlansBehindALinkedFolderAreNotWritten() throws {
    let (folder, journal) = try RecipeCommandTests.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recipe = RecipeCommandTests.smallest
    #expect(try ToolRun.run(["recipe", "add", "--json", recipe, "--journal", journal, "-q"]).status == 0)
    let outside = folder.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      atPath: journal + "/recipes", toPath: outside.appendingPathComponent("recipes").path)
    try FileManager.default.createDirectory(
      at: outside.appendingPathComponent("plans"), withIntermediateDirectories: true)
    for name in ["recipes", "plans"] {
      try FileManager.default.createSymbolicLink(
        atPath: journal + "/" + name, withDestinationPath: "../outside/" + name)
    }
    let before = try WritingTests.snapshot(outside)
    let other = recipe.replacingOccurrences(of: "oat-banana", with: "other")
    let plan =
      #"{"period":"2026-W48","days":{"2026-11-24":{"snack":[{"grams":1,"ingredient":"usda-sr-09003"}]}}}"#
    for arguments in [
      ["recipe", "add", "--json", other], ["recipe", "add", "--json", recipe, "--replace"],
      ["recipe", "note", "oat-banana", "a note", "--today", "2026-11-21"], ["recipe", "rm", "oat-banana"],
      ["plan", "add", "--json", plan],
    ] {
      let run = try ToolRun.run(arguments + ["--journal", journal])
      #expect(run.status == 3, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("is outside the journal"), "\(arguments): \(run.stderr)")
      #expect(try WritingTests.snapshot(outside) == before, "\(arguments)")
    }
  }

  /// CSV keeps a journal's bytes in pipes and files, and on a terminal (a pty, through `script`)
  /// is escaped like every other output: NUL, a colour escape, an OSC 52 clipboard write and a
  /// right-to-left override in a food name (a streamed report), and a colour escape and an
  /// override in a cohort member's folder name (a report made whole).
  @Test func csvOnATerminalIsEscaped() throws {
    guard let script = ToolRun.findExecutable("script") else {
      Issue.record("script is not on PATH; no terminal can be simulated")
      return
    }
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cohort = folder.appendingPathComponent("cohort")
    let journal = cohort.appendingPathComponent("p\u{1b}[31mx\u{202e}y")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    let name = #"a\u0000b\u001b[31mc\u001b]52;c;aGk=\u0007d\u202ee"#
    let line =
      #"{"id":"6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11","timestamp":"2026-11-21T08:15:00Z","#
      + #""rawDescription":"x","foodName":"\#(name)","quantity":1,"unit":"g","calories":1,"protein":1,"#
      + #""carbohydrates":1,"fat":1,"confidence":0.9}"#
    try Data((line + "\n").utf8).write(to: journal.appendingPathComponent("2026-11-21.jsonl"))
    for (report, raw, escaped) in [
      (
        ["entries", "2026-11-21", "--journal", journal.path],
        "a\u{0}b\u{1b}[31mc\u{1b}]52;c;aGk=\u{7}d\u{202e}e",
        #"a\u{0}b\u{1b}[31mc\u{1b}]52;c;aGk=\u{7}d\u{202e}e"#
      ),
      (
        ["week", "2026-11-21", "--journals", cohort.path], "p\u{1b}[31mx\u{202e}y", #"p\u{1b}[31mx\u{202e}y"#
      ),
    ] {
      let arguments = report + ["-f", "csv"]
      let piped = try ToolRun.run(arguments)
      #expect(piped.status == 0, "\(report): \(piped.stderr)")
      #expect(piped.stdout.contains(raw), "\(report)")
      let command = ([ToolRun.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
      let shown = try ToolRun.launch(
        script, ["-qec", command, "/dev/null"], in: folder,
        environment: ["PATH": "/usr/bin:/bin", "LANG": "C", "TZ": "UTC", "DEMETER_NO_CACHE": "1"])
      #expect(shown.status == 0, "\(report): \(shown.stdout)")
      let text = shown.stdout.replacingOccurrences(of: "\r\n", with: "\n")
      #expect(text.contains(escaped), "\(report): \(text)")
      Self.expectTerminalSafe(text, "\(report) -f csv on a terminal")
    }
  }

  /// A journal's `html.html.mustache` with a script is not the `html` format (a note says so);
  /// `--template` picks it on purpose.
  @Test func journalTemplatesDoNotReplaceBuiltIns() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let templates = journal.appendingPathComponent(".demeter/templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    let planted = templates.appendingPathComponent("html.html.mustache")
    try Data("<script>steal()</script>{{title}}".utf8).write(to: planted)
    for arguments in [["-f", "html"], ["-o", folder.appendingPathComponent("week.html").path]] {
      let run = try ToolRun.run(["week", "2026-11-16", "--journal", journal.path] + arguments)
      #expect(run.status == 0)
      #expect(run.stderr.contains("does not replace the built-in html format"), "\(run.stderr)")
    }
    let html = try ToolRun.run(["week", "2026-11-16", "--journal", journal.path, "-f", "html"]).stdout
    #expect(html.contains("<svg"))
    #expect(!html.lowercased().contains("<script"))
    let chosen = try ToolRun.run([
      "week", "2026-11-16", "--journal", journal.path, "--template", planted.path,
    ])
    #expect(chosen.stdout.hasPrefix("<script>steal()</script>"))
    #expect(chosen.stderr == "")
  }

  /// A partial linked out of its folder is not read; one linked inside it is.
  @Test func partialsNeverFollowALinkOutOfTheirFolder() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let templates = journal.appendingPathComponent(".demeter/templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    let secret = folder.appendingPathComponent("secret.txt")
    try Data("TOPSECRET".utf8).write(to: secret)
    try Data("[{{> secret}}][{{> inside}}]".utf8).write(
      to: templates.appendingPathComponent("leak.txt.mustache"))
    try Data("kept".utf8).write(to: templates.appendingPathComponent("real.mustache"))
    try FileManager.default.createSymbolicLink(
      atPath: templates.appendingPathComponent("secret.mustache").path, withDestinationPath: secret.path)
    try FileManager.default.createSymbolicLink(
      atPath: templates.appendingPathComponent("inside.mustache").path, withDestinationPath: "real.mustache")
    let run = try ToolRun.run(["week", "2026-11-16", "--journal", journal.path, "-f", "leak"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "[][kept]")
  }

  /// 41 partials, each including the next twice (2⁴⁰ inclusions writing nothing), end with a
  /// located error, as do 41 whose last writes 8 KiB (8 TiB in all).
  @Test func partialBombIsALocatedError() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for level in 0..<41 {
      let text = level == 40 ? "" : "{{> p\(level + 1)}}{{> p\(level + 1)}}"
      try Data(text.utf8).write(to: folder.appendingPathComponent("p\(level).mustache"))
    }
    try Data("{{> p0}}".utf8).write(to: folder.appendingPathComponent("bomb.txt.mustache"))
    for level in 0..<41 {
      let text = level == 40 ? String(repeating: "x", count: 8192) : "{{> g\(level + 1)}}{{> g\(level + 1)}}"
      try Data(text.utf8).write(to: folder.appendingPathComponent("g\(level).mustache"))
    }
    try Data("{{> g0}}".utf8).write(to: folder.appendingPathComponent("grow.txt.mustache"))
    let journal = ToolRun.packageRoot.appendingPathComponent(ToolRun.sampleJournal).path
    for (name, problem) in [
      ("bomb", "partials included more than 100000 times"), ("grow", "the output passed"),
    ] {
      let run = try BoundedRun.run(
        [
          "week", "2026-11-16", "--journal", journal, "--template",
          folder.appendingPathComponent("\(name).txt.mustache").path,
        ],
        timeout: 120)
      #expect(run.status == 3, "\(name): \(run.stderr)")
      #expect(run.stderr.contains(problem), "\(name): \(run.stderr)")
      #expect(run.stderr.contains(/[pg]\d+:1:\d+: error: \w/), "\(name): not located: \(run.stderr)")
    }
    // A bare file name finds its partials in the working folder.
    let bare = try ToolRun.run(
      ["week", "2026-11-16", "--journal", journal, "--template", "bomb.txt.mustache"], in: folder)
    #expect(bare.status == 3)
    #expect(bare.stderr.contains("partials included more than"), "\(bare.stderr)")
  }
}
