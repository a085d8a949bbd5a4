// Golden-file tests: the binary's output on the fixed sample journal, compared byte for byte with the
// expected files in Tests/Fixtures/golden/.
//
// To regenerate every golden file after an intended change (then review the diff by eye):
//
//     DEMETER_RECORD_GOLDEN=1 swift test --filter Golden
//
// A recording run writes the actual output over the golden files and records an issue for each file,
// so it never passes silently; run the tests again without the variable to see them pass.
import Foundation
import ReportFormats
import Testing

@Suite struct GoldenFileTests {
  static let golden = ToolRun.fixtures.appendingPathComponent("golden")
  static let recording = ProcessInfo.processInfo.environment["DEMETER_RECORD_GOLDEN"] == "1"

  /// A report command on the sample journal and the golden file's base name.
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var name: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  /// Multi-period reports (one row per bucket of the whole journal), as CSV and JSON.
  static let multiPeriod: [Case] = [
    Case(arguments: ["week", "all"], name: "week-all"),
    Case(arguments: ["day", "all"], name: "day-all"),
    Case(arguments: ["month", "all"], name: "month-all"),
  ]

  /// One report of every kind; each is compared in every built-in format as `KIND.EXT`.
  static let kinds: [Case] = [
    Case(arguments: ["day", "2026-11-21"], name: "day"),
    Case(arguments: ["week", "2026-W47"], name: "week"),
    Case(arguments: ["week", "2026-W47", "--by", "meal"], name: "week-by-meal"),
    Case(arguments: ["month", "2026-11"], name: "month"),
    Case(arguments: ["year", "2026"], name: "year"),
    Case(arguments: ["range", "2026-11-01..2026-11-07"], name: "range"),
    Case(arguments: ["entries", "2026-11-20"], name: "entries"),
    Case(arguments: ["ingredients", "all"], name: "ingredients"),
    Case(arguments: ["nutrients", "2026-11", "--sex", "female", "--age", "35"], name: "nutrients"),
  ]

  /// The recipe journal: recipes (one with notes, one changed after some entries were logged from
  /// it) and entries logged with `add --recipe`.
  static let recipeJournal = "Tests/Fixtures/recipe-journal"

  /// `recipe show` (the `recipe` report kind) and a week with recipes eaten (the recipes table and
  /// the entries whose recipe changed), each compared in every built-in format as `NAME.EXT`.
  static let recipeKinds: [Case] = [
    Case(arguments: ["recipe", "show", "oat-banana"], name: "recipe"),
    Case(arguments: ["week", "2026-W47", "--today", "2026-11-21"], name: "week-recipes"),
  ]

  /// The meal plan reports on the built-in sample (issue 18), as `KIND.EXT`: the plan against what
  /// was eaten, the plan as written and its shopping list.
  static let planKinds: [Case] = [
    Case(arguments: ["plan"], name: "plan"),
    Case(arguments: ["plan", "show", "2026-11-15..2026-11-21"], name: "plan-show"),
    Case(arguments: ["plan", "shopping"], name: "plan-shopping"),
  ]

  /// The body journal: weigh-ins (in kg and lb, two one day, days without) and six weeks of logged
  /// meals, as `body.EXT` (issue 46).
  static let bodyJournal = "Tests/Fixtures/body-journal"

  @Test(arguments: formats.map(\.format))
  func bodyReport(format: String) throws {
    let run = try ToolRun.run(["body", "--journal", Self.bodyJournal, "--today", "2026-11-22", "--format", format])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "body.\(Self.fileExtension(format))")
  }

  @Test(arguments: planKinds, formats.map(\.format))
  func planReport(_ report: Case, format: String) throws {
    let run = try ToolRun.run(report.arguments + ["--sample", "--today", "2026-11-21", "--format", format])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "\(report.name).\(Self.fileExtension(format))")
  }

  /// Every built-in format and its golden file extension (its output files' extension).
  static let formats = BuiltInFormats.generators.map { (format: $0.name, fileExtension: $0.fileExtension) }

  @Test(arguments: multiPeriod, ["csv", "json"])
  func multiPeriodReport(_ report: Case, format: String) throws {
    let run = try ToolRun.run(
      report.arguments + ["--journal", ToolRun.sampleJournal, "--today", "2026-11-21", "--format", format])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "\(report.name).\(format)")
  }

  @Test(arguments: kinds, formats.map(\.format))
  func report(_ report: Case, format: String) throws {
    let run = try ToolRun.run(
      report.arguments + ["--journal", ToolRun.sampleJournal, "--today", "2026-11-21", "--format", format])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "\(report.name).\(Self.fileExtension(format))")
  }

  @Test(arguments: recipeKinds, formats.map(\.format))
  func recipeReport(_ report: Case, format: String) throws {
    let run = try ToolRun.run(
      report.arguments + ["--journal", Self.recipeJournal, "--format", format])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "\(report.name).\(Self.fileExtension(format))")
  }

  /// A recipe's photos and videos on its page and its book's page (issue 47), on the built binary:
  /// `Tests/Fixtures/media-journal` (a featured photo, a small PNG, a photo over the 1 MiB a page
  /// embeds, a video and a listed file that is missing), each in every format as `NAME.EXT`.
  static let mediaKinds: [Case] = [
    Case(arguments: ["recipe", "show", "oat-banana"], name: "recipe-media"),
    Case(arguments: ["recipe", "book", "show", "Mornings"], name: "recipe-book"),
  ]

  @Test(arguments: mediaKinds, formats.map(\.format))
  func recipeMediaReport(_ report: Case, format: String) throws {
    let (folder, journal) = try RecipeMediaTests.pageJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run(report.arguments + ["--journal", journal, "--format", format], binary: true)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "\(report.name).\(Self.fileExtension(format))")
  }

  /// `check` renders a report when a format is asked for; the journal's errors still make it exit 1.
  @Test(arguments: formats.map(\.format))
  func checkReport(format: String) throws {
    let run = try ToolRun.run(["check", "-f", format, "--journal", ToolRun.badJournal])
    #expect(run.status == 1)
    #expect(run.stderr == "demeter-report: 7 errors in the journal\n")
    try Self.compare(run.stdout, golden: "check.\(Self.fileExtension(format))")
  }

  /// The golden files of the kinds are exactly what `-o KIND.EXT` writes (format from the extension).
  @Test(arguments: formats.map(\.fileExtension))
  func outputFileMatchesStandardOutput(fileExtension: String) throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("week.\(fileExtension)")
    let run = try ToolRun.run(
      ["week", "2026-W47", "--journal", ToolRun.sampleJournal, "--today", "2026-11-21", "-o", file.path])
    #expect(run.status == 0)
    #expect(run.stdout == "")
    #expect(run.stderr == "")
    let written = try String(contentsOf: file, encoding: .utf8)
    let golden = try? String(
      contentsOf: Self.golden.appendingPathComponent("week.\(fileExtension)"), encoding: .utf8)
    #expect(written == golden)
  }

  static func fileExtension(_ format: String) -> String {
    formats.first { $0.format == format }?.fileExtension ?? format
  }

  /// The cohort report of the three journals of `Tests/Fixtures/cohort` (each with its own settings),
  /// in every built-in format as `cohort.EXT`.
  @Test(arguments: formats.map(\.format))
  func cohortReport(format: String) throws {
    let run = try ToolRun.run(
      [
        "week", "2026-11-16..2026-11-29", "--journals", ToolRun.cohortJournals, "--today", "2026-11-21", "-f",
        format,
      ])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "cohort.\(Self.fileExtension(format))")
  }

  /// The `nutrients` and `body` reports of the cohort of `Tests/Fixtures/cohort` (two with body
  /// logs), in every built-in format as `cohort-nutrients.EXT` and `cohort-body.EXT` (issue 46), and
  /// its weeks split by hour as `cohort-by-hour.EXT` (issue 45).
  static let cohortPeopleKinds: [Case] = [
    Case(arguments: ["week", "2026-11-16..2026-11-29", "--by", "hour"], name: "cohort-by-hour"),
    Case(arguments: ["nutrients", "2026-11-16..2026-11-29", "--sex", "female", "--age", "35"], name: "cohort-nutrients"),
    Case(arguments: ["body", "2026-11-09..2026-11-29"], name: "cohort-body"),
  ]

  @Test(arguments: cohortPeopleKinds, formats.map(\.format))
  func cohortPeopleReport(_ report: Case, format: String) throws {
    let run = try ToolRun.run(
      report.arguments + ["--journals", ToolRun.cohortJournals, "--today", "2026-11-21", "-f", format])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    try Self.compare(run.stdout, golden: "\(report.name).\(Self.fileExtension(format))")
  }

  @Test func checkOnBadJournal() throws {
    let run = try ToolRun.run(["check", "--journal", ToolRun.badJournal])
    #expect(run.status == 1)
    #expect(run.stdout == "checked 1 file, 3 valid entries: 7 errors, 2 warnings\n")
    try Self.compare(run.stderr, golden: "check-bad-journal.stderr")
  }

  /// Compares `actual` with the golden file, or writes it there when recording.
  static func compare(
    _ actual: String, golden name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = golden.appendingPathComponent(name)
    if recording {
      try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url, options: .atomic)
      Issue.record(
        "recorded golden file \(name) (DEMETER_RECORD_GOLDEN=1); review it and run again",
        sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "golden file \(name) is missing; create it with DEMETER_RECORD_GOLDEN=1 swift test --filter Golden",
        sourceLocation: sourceLocation)
      return
    }
    guard actual != expected else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let index =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
    let got = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
    let line = index + 1
    Issue.record(
      "output differs from golden file \(name) at line \(line):\n  expected: \(want)\n  actual:   \(got)",
      sourceLocation: sourceLocation)
  }
}
