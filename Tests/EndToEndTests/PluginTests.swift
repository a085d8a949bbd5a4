import Foundation
import Testing

/// Template plugins, external generators and `-o` files (manual: output, command-line, reliability).
@Suite struct PluginTests {
  static let week = ["week", "2026-W47", "--today", "2026-11-21"]
  static let fixtureTemplate = ToolRun.fixtures.appendingPathComponent("templates/summary.txt.mustache")

  /// The line `formats` prints for `name`, split into its columns.
  static func formatsLine(_ output: String, _ name: String) -> [String]? {
    for line in output.split(separator: "\n") {
      guard let match = line.wholeMatch(of: /(\S+) +(\S+) +(\S+) +(.*)/), match.output.1 == name else {
        continue
      }
      return [match.output.1, match.output.2, match.output.3, match.output.4].map(String.init)
    }
    return nil
  }

  // MARK: templates

  @Test func journalTemplateIsAFormat() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let templates = journal.appendingPathComponent(".demeter/templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    let template = templates.appendingPathComponent("weekly.txt.mustache")
    try FileManager.default.copyItem(at: Self.fixtureTemplate, to: template)

    let run = try ToolRun.run(Self.week + ["--journal", journal.path, "--format", "weekly"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("Week 2026-W47\n2026-11-16..2026-11-22\nentries=56 (56)\n"))
    #expect(run.stdout.contains("\ncalories=16314.5 (16315)\n"))
    #expect(run.stdout.split(separator: "\n").count == 2 + 20)

    let formats = try ToolRun.run(["formats", "--journal", journal.path])
    #expect(formats.status == 0)
    #expect(Self.formatsLine(formats.stdout, "weekly") == ["weekly", ".txt", "template", template.path])
    #expect(Self.formatsLine(formats.stdout, "markdown")?[2] == "built-in")
    // The same journal without the template does not know the format.
    let sample = try ToolRun.run(Self.week + ["--journal", ToolRun.sampleJournal, "--format", "weekly"])
    #expect(sample.status == 2)
    #expect(sample.stderr.contains("unknown format 'weekly'"))
  }

  @Test func configTemplateIsAFormat() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let templates = folder.appendingPathComponent("demeter-report/templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.fixtureTemplate, to: templates.appendingPathComponent("digest.txt.mustache"))
    let environment = ["XDG_CONFIG_HOME": folder.path]
    let run = try ToolRun.run(
      Self.week + ["--journal", ToolRun.sampleJournal, "-f", "digest"], environment: environment)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("Week 2026-W47\n"))
    let formats = try ToolRun.run(["formats"], environment: environment)
    #expect(Self.formatsLine(formats.stdout, "digest")?[2] == "template")
  }

  /// The user's own template overrides a built-in, and the journal's of the same name (a journal's
  /// never does: `UntrustedJournalTests`).
  @Test func userTemplateOverridesABuiltIn() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let templates = folder.appendingPathComponent("config/demeter-report/templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    let template = templates.appendingPathComponent("markdown.md.mustache")
    try Data("# Mine: {{title}}\n".utf8).write(to: template)
    let planted = journal.appendingPathComponent(".demeter/templates")
    try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
    try Data("# Theirs\n".utf8).write(to: planted.appendingPathComponent("markdown.md.mustache"))
    let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]

    let run = try ToolRun.run(
      Self.week + ["--journal", journal.path, "-f", "markdown"], environment: environment)
    #expect(run.status == 0)
    #expect(run.stdout == "# Mine: Week 2026-W47\n")
    // `-o x.md` infers markdown from the extension; the built-in generator is chosen for an extension.
    let formats = try ToolRun.run(["formats", "--journal", journal.path], environment: environment)
    #expect(Self.formatsLine(formats.stdout, "markdown") == ["markdown", ".md", "template", template.path])
    #expect(formats.stdout.split(separator: "\n").count == 5)
  }

  /// A template standing in for CSV gets the whole report, also when nothing is cached (the
  /// built-in CSV needs only the bucket table, and the load then keeps only totals).
  @Test func templateStandingInForCSVGetsEverything() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let templates = folder.appendingPathComponent("config/demeter-report/templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    try Data("{{#lists}}{{id}}={{totalCount}};{{/lists}}\n".utf8)
      .write(to: templates.appendingPathComponent("csv.csv.mustache"))
    let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
    let uncached = try ToolRun.run(
      Self.week + ["--journal", journal.path, "-f", "csv", "--no-cache"], environment: environment)
    let cached = try ToolRun.run(
      Self.week + ["--journal", journal.path, "-o", "-", "-f", "csv"], environment: environment)
    #expect(uncached.status == 0)
    #expect(uncached.stdout.contains("needs-review="))
    #expect(uncached.stdout == cached.stdout)
  }

  @Test func templateOption() throws {
    let run = try ToolRun.run(
      Self.week + ["--journal", ToolRun.sampleJournal, "--template", Self.fixtureTemplate.path])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("Week 2026-W47\n2026-11-16..2026-11-22\nentries=56 (56)\n"))
    // A typed value (the lowest day is {"date", "calories"}) interpolates as nothing; `display` is its text.
    #expect(run.stdout.contains("\nlowest_day= (2026-11-16 (1374 kcal))\n"))
  }

  /// A template that does not parse is reported as `PATH:LINE:COLUMN: error: …`, a plugin failure
  /// (exit 3) whether it comes from --template or a templates folder; no output file is written.
  @Test(arguments: [
    (
      "{{#summary}}\n{{id}}\n",
      "weekly.txt.mustache:3:1: error: unclosed section \"summary\" opened at line 1"
    ),
    ("title\n  {{title\n", "weekly.txt.mustache:2:3: error: unclosed tag"),
  ])
  func templateSyntaxError(source: String, message: String) throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let templates = journal.appendingPathComponent(".demeter/templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    let template = templates.appendingPathComponent("weekly.txt.mustache")
    try Data(source.utf8).write(to: template)
    let output = folder.appendingPathComponent("out.txt")

    for selection in [["-f", "weekly"], ["--template", template.path]] {
      let run = try ToolRun.run(Self.week + ["--journal", journal.path, "-o", output.path] + selection)
      #expect(run.status == 3, "\(selection)")
      #expect(run.stdout == "")
      #expect(run.stderr.hasPrefix("demeter-report: error: "))
      #expect(run.stderr.contains(message), "\(selection): \(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
    // `formats` still lists it: templates are compiled only when used.
    let formats = try ToolRun.run(["formats", "--journal", journal.path])
    #expect(formats.status == 0)
    #expect(Self.formatsLine(formats.stdout, "weekly")?[2] == "template")
  }

  // MARK: external generators

  /// A folder with executable shell scripts `demeter-report-NAME`.
  static func generators(_ scripts: [String: String], in folder: URL) throws -> URL {
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for (name, body) in scripts {
      let path = bin.appendingPathComponent("demeter-report-\(name)").path
      #expect(FileManager.default.createFile(atPath: path, contents: Data(("#!/bin/sh\n" + body).utf8)))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    return bin
  }

  @Test func externalGenerator() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bin = try Self.generators(["shout": "tr a-z A-Z\n"], in: folder)
    let environment = ["PATH": bin.path + ":/usr/bin:/bin"]

    let json = try ToolRun.run(Self.week + ["--journal", ToolRun.sampleJournal, "-f", "json"])
    let run = try ToolRun.run(
      Self.week + ["--journal", ToolRun.sampleJournal, "-f", "shout"], environment: environment)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("{\"SCHEMA\":1,"))
    #expect(run.stdout == json.stdout.uppercased())

    let formats = try ToolRun.run(["formats"], environment: environment)
    #expect(formats.status == 0)
    let line = Self.formatsLine(formats.stdout, "shout")
    #expect(line?[2] == "external")
    #expect(line?[3].contains(bin.appendingPathComponent("demeter-report-shout").path) == true)
    // Not on PATH, not a format.
    let without = try ToolRun.run(["formats"])
    #expect(Self.formatsLine(without.stdout, "shout") == nil)
  }

  @Test func failingExternalGeneratorLeavesTheOutputAlone() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bin = try Self.generators(["broken": "echo 'broken: out of paper' >&2\nexit 4\n"], in: folder)
    let environment = ["PATH": bin.path + ":/usr/bin:/bin"]
    let reports = folder.appendingPathComponent("reports")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
    let previous = Data("<p>last week's report</p>\n\u{0}\u{ff}".utf8)
    let output = reports.appendingPathComponent("out.html")
    try previous.write(to: output)

    let toStdout = try ToolRun.run(
      Self.week + ["--journal", ToolRun.sampleJournal, "-f", "broken"], environment: environment)
    #expect(toStdout.status == 3)
    #expect(toStdout.stdout == "")
    #expect(toStdout.stderr.contains("external generator 'broken'"))
    #expect(toStdout.stderr.contains("exit status 4"))
    #expect(toStdout.stderr.contains("broken: out of paper"))

    let toFile = try ToolRun.run(
      Self.week + ["--journal", ToolRun.sampleJournal, "-f", "broken", "-o", output.path],
      environment: environment)
    #expect(toFile.status == 3)
    #expect(toFile.stderr.contains("broken: out of paper"))
    #expect(try Data(contentsOf: output) == previous)
    #expect(try FileManager.default.contentsOfDirectory(atPath: reports.path) == ["out.html"])
  }

  // MARK: -o

  @Test func outputPlaceholderWritesAtomically() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = ToolRun.packageRoot.appendingPathComponent(ToolRun.sampleJournal).path
    let arguments = Self.week + ["--journal", journal, "-o", "Reports/{week}.html"]
    let html = try ToolRun.run(Self.week + ["--journal", journal, "-f", "html"])
    #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
    let file = folder.appendingPathComponent("Reports/2026-W47.html")

    let first = try ToolRun.run(arguments, in: folder)
    #expect(first.status == 0)
    #expect(first.stdout == "")
    #expect(first.stderr == "")
    #expect(try String(contentsOf: file, encoding: .utf8) == html.stdout)

    try Data("stale".utf8).write(to: file)
    let second = try ToolRun.run(arguments, in: folder)
    #expect(second.status == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == html.stdout)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Reports"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Reports").path)
        == ["2026-W47.html"])
  }

  @Test(arguments: [
    ("{kind}-{date}.md", "week-2026-11-16.md", "# Week 2026-W47\n"),
    ("{year}/{month}/{week}.json", "2026/2026-11/2026-W47.json", "{\"schema\":1,"),
    ("{week}.csv", "2026-W47.csv", "week,week_start,"),
    ("{week}.txt", "2026-W47.txt", "Week 2026-W47\n"),
  ])
  func outputFormatFromExtension(pattern: String, path: String, start: String) throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = ToolRun.packageRoot.appendingPathComponent(ToolRun.sampleJournal).path
    let run = try ToolRun.run(Self.week + ["--journal", journal, "-o", pattern], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let written = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    #expect(written.hasPrefix(start))
  }
}
