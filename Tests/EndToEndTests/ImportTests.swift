import Foundation
import TestSupport
import Testing

/// `import --from KIND FILE…` on the built binary (manual: importing): each importer's fixture, second and
/// overlapping imports, report totals against the fixture's own, dry runs, bad rows, usage errors.
@Suite struct ImportTests {
  static let fixtures = ToolRun.fixtures.appendingPathComponent("import")

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  /// Runs `import` into `journal` with times at UTC-5.
  static func importing(_ arguments: [String], into journal: URL) throws -> ToolRun {
    try ToolRun.run(["import"] + arguments + ["--journal", journal.path, "--tz", "-05:00"])
  }

  /// The day files of `folder` by name, with their bytes.
  static func dayFiles(_ folder: URL) -> [String: Data] {
    (try? EntryLinesExportTests.dayFiles(folder)) ?? [:]
  }

  /// The summary facts `calories`, `protein`, `carbohydrates`, `fat`, `fiber`, `sugar` and `entries`
  /// of November 2026 in `journal`.
  static func reportTotals(_ journal: URL) throws -> [String: Double] {
    let report = try ReportJSON(["range", "2026-11-01..2026-11-30", "--journal", journal.path])
    var totals: [String: Double] = [:]
    for id in ["entries", "calories", "protein", "carbohydrates", "fat", "fiber", "sugar"] {
      totals[id] = (report.summary(id)?["value"] as? NSNumber)?.doubleValue
    }
    return totals
  }

  /// Sums the named columns of a CSV fixture (read with the strict test reader; `1,234.5` read as
  /// 1234.5), over the rows `isIncluded` accepts.
  static func csvTotals(
    _ name: String, columns: [String: String], isIncluded: ([String: String]) -> Bool = { _ in true }
  ) throws -> [String: Double] {
    var text = try String(contentsOfFile: fixture(name), encoding: .utf8)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let rows = try CSVReader.rows(text)
    let header = rows[0]
    var totals = Dictionary(uniqueKeysWithValues: columns.keys.map { ($0, 0.0) })
    var count = 0
    for row in rows.dropFirst() {
      let cells = Dictionary(uniqueKeysWithValues: zip(header, row))
      guard isIncluded(cells) else { continue }
      count += 1
      for (id, column) in columns {
        totals[id]! += Double(cells[column]!.replacingOccurrences(of: ",", with: "")) ?? 0
      }
    }
    totals["entries"] = Double(count)
    return totals
  }

  static func expectTotals(
    _ report: [String: Double], _ source: [String: Double], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (id, expected) in source {
      let value = report[id] ?? .nan
      #expect(
        abs(value - expected) < 0.0001, "\(id): report \(value), source \(expected)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func cronometerImportAgainAndOverlapping() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try Self.importing(
      ["--from", "cronometer", Self.fixture("cronometer-servings.csv")], into: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr == "imported 10 entries into 2 day files (0 already in the journal)\n")
    let imported = Self.dayFiles(folder)
    #expect(imported.keys.sorted() == ["2026-11-02.jsonl", "2026-11-03.jsonl"])
    let day = String(decoding: imported["2026-11-02.jsonl"]!, as: UTF8.self)
    #expect(
      day.contains(#""foodName":"Lasagna, \"Family\" Tray","quantity":1,"unit":"tray","calories":1234.5"#))
    #expect(day.contains(#""timestamp":"2026-11-02T12:45:00-05:00""#))

    let again = try Self.importing(
      ["--from", "cronometer", Self.fixture("cronometer-servings.csv")], into: folder)
    #expect(again.status == 0)
    #expect(again.stderr == "imported 0 entries into 0 day files (10 already in the journal)\n")
    #expect(Self.dayFiles(folder) == imported)

    let later = try Self.importing(
      ["--from", "cronometer", Self.fixture("cronometer-servings-later.csv")], into: folder)
    #expect(later.stderr == "imported 2 entries into 1 day file (3 already in the journal)\n")
    let after = Self.dayFiles(folder)
    #expect(
      after["2026-11-02.jsonl"] == imported["2026-11-02.jsonl"]
        && after["2026-11-03.jsonl"] == imported["2026-11-03.jsonl"])
    #expect(after.count == 3)
  }

  @Test func cronometerTotalsEqualTheExportsOwn() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.importing(
      [
        "--from", "cronometer", Self.fixture("cronometer-servings.csv"),
        Self.fixture("cronometer-servings-later.csv"),
      ],
      into: folder)
    #expect(run.stderr == "imported 12 entries into 3 day files (3 already in the journal)\n")
    let columns = [
      "calories": "Energy (kcal)", "protein": "Protein (g)", "carbohydrates": "Carbs (g)", "fat": "Fat (g)",
      "fiber": "Fiber (g)", "sugar": "Sugars (g)",
    ]
    let first = try Self.csvTotals("cronometer-servings.csv", columns: columns)
    let later = try Self.csvTotals("cronometer-servings-later.csv", columns: columns) {
      $0["Day"] == "2026-11-04"
    }
    Self.expectTotals(try Self.reportTotals(folder), first.merging(later, uniquingKeysWith: +))
  }

  @Test func myFitnessPalAndLoseItTotalsEqualTheExportsOwn() throws {
    for (kind, name, columns, included) in [
      (
        "myfitnesspal", "myfitnesspal-nutrition-summary.csv",
        [
          "calories": "Calories", "protein": "Protein (g)", "carbohydrates": "Carbohydrates (g)",
          "fat": "Fat (g)", "fiber": "Fiber", "sugar": "Sugar",
        ],
        { (_: [String: String]) in true }
      ),
      (
        "loseit", "loseit-food-log.csv",
        [
          "calories": "Calories", "protein": "Protein (g)", "carbohydrates": "Carbohydrates (g)",
          "fat": "Fat (g)", "fiber": "Fiber (g)", "sugar": "Sugars (g)",
        ],
        { (row: [String: String]) in row["Type"] != "Exercise" && row["Deleted"] != "true" }
      ),
    ] {
      let folder = try ToolRun.makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(at: folder) }
      let run = try Self.importing(["--from", kind, Self.fixture(name)], into: folder)
      #expect(run.status == 0, "\(kind): \(run.stderr)")
      Self.expectTotals(
        try Self.reportTotals(folder), try Self.csvTotals(name, columns: columns, isIncluded: included))
    }
  }

  @Test func loseItSaysWhatItLeftOut() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.importing(["--from", "loseit", Self.fixture("loseit-food-log.csv")], into: folder)
    #expect(
      run.stderr
        == "imported 5 entries into 2 day files (0 already in the journal; 1 deleted rows left out; 1 "
          + "exercise rows (negative calories) left out)\n"
    )
  }

  @Test func demeterAppTotalsAndIds() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.importing(
      ["--from", "demeter-app", Self.fixture("demeter-app-export.json")], into: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let items = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.fixtures.appendingPathComponent("demeter-app-export.json")))
        as? [[String: Any]])
    var source: [String: Double] = ["entries": Double(items.count)]
    for key in ["calories", "protein", "carbohydrates", "fat"] {
      source[key] = items.reduce(0) { $0 + (($1[key] as? NSNumber)?.doubleValue ?? 0) }
    }
    Self.expectTotals(try Self.reportTotals(folder), source)
    let day = String(decoding: Self.dayFiles(folder)["2026-11-02.jsonl"]!, as: UTF8.self)
    #expect(
      day.hasPrefix(#"{"id":"6F0C9A52-3C1E-4A57-9A52-0D7F1D0E7B11","timestamp":"2026-11-02T08:15:00-05:00""#))
    #expect(day.contains(#""appVersion":"1.4"}"#))
  }

  @Test func genericCSVWithAMappingFileAndDecimalCommas() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.importing(
      [
        "--from", "csv", "--map-file", Self.fixture("generic-columns.txt"), "--decimal-comma",
        Self.fixture("generic-decimal-comma.csv"),
      ],
      into: folder)
    #expect(run.status == 0, "\(run.stderr)")
    // The export's own totals, read here by splitting at ';' (the note, last, may hold one).
    let lines = try String(contentsOfFile: Self.fixture("generic-decimal-comma.csv"), encoding: .utf8)
      .split(separator: "\n").dropFirst()
    var source: [String: Double] = [
      "entries": Double(lines.count), "calories": 0, "protein": 0, "carbohydrates": 0, "fat": 0, "fiber": 0,
    ]
    for line in lines {
      let cells = line.split(separator: ";", omittingEmptySubsequences: false).map {
        Double($0.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")) ?? 0
      }
      for (key, index) in [("calories", 2), ("protein", 3), ("carbohydrates", 4), ("fat", 5), ("fiber", 6)] {
        source[key]! += cells[index]
      }
    }
    Self.expectTotals(try Self.reportTotals(folder), source)
  }

  @Test func dryRunPrintsTheLinesAndWritesNothing() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.importing(
      ["--from", "myfitnesspal", "--dry-run", Self.fixture("myfitnesspal-nutrition-summary.csv")],
      into: folder)
    #expect(run.status == 0)
    #expect(run.stderr == "would import 6 entries into 2 day files (0 already in the journal)\n")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 6)
    #expect(lines.first?.contains(#""foodName":"Breakfast (MyFitnessPal)""#) == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func badRowsAreLocatedAndNothingIsWrittenUnlessSkipped() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = Self.fixture("cronometer-servings-bad.csv")
    let run = try Self.importing(["--from", "cronometer", file], into: folder)
    #expect(run.status == 1)
    #expect(
      run.stderrLines.filter { $0.hasPrefix(file) } == [
        "\(file):3:6: error: \"Energy (kcal)\": expected a number, got \"abc\"",
        "\(file):4:1: error: \"Day\": expected a date like 2026-11-21 or 11/21/2026, got \"2026-13-01\"",
        "\(file):4:24: error: \"Protein (g)\": must be 0 or more, got \"-3\"",
      ])
    #expect(
      run.stderrLines.last
        == "demeter-report: error: 2 bad rows; nothing was written (fix them, or pass --skip-bad to import "
          + "the other rows)"
    )
    #expect(Self.dayFiles(folder).isEmpty)
    let skipping = try Self.importing(["--from", "cronometer", "--skip-bad", file], into: folder)
    #expect(skipping.status == 0)
    #expect(
      skipping.stderrLines.last
        == "imported 2 entries into 2 day files (0 already in the journal; 2 bad rows skipped)")
  }

  @Test func standardInputAndQuiet() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = try String(contentsOfFile: Self.fixture("loseit-food-log.csv"), encoding: .utf8)
    let run = try WritingTests.run(
      ["import", "--from", "loseit", "-", "--journal", folder.path, "--tz", "UTC", "--quiet"], input: log,
      in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty && run.stderr.isEmpty)
    let day = String(decoding: Self.dayFiles(folder)["2026-11-03.jsonl"] ?? Data(), as: UTF8.self)
    #expect(
      day.contains(#""timestamp":"2026-11-03T19:00:00Z","rawDescription":"","foodName":"Pasta Primavera""#))
  }

  @Test func usageErrors() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let csv = Self.fixture("generic-decimal-comma.csv")
    let unknown = try Self.importing(["--from", "cronometr", csv], into: folder)
    #expect(unknown.status == 2 && unknown.stderr.contains("(did you mean 'cronometer'?)"))
    let unmapped = try Self.importing(["--from", "csv", csv], into: folder)
    #expect(unmapped.status == 2)
    #expect(
      unmapped.stderr.contains(
        "it has no column for foodName, calories, protein, carbohydrates, fat, timestamp (its columns: "
          + "'Wann', 'Essen'"
      ))
    let mapOnTracker = try Self.importing(["--from", "loseit", "--map", "foodName=Name", csv], into: folder)
    #expect(mapOnTracker.status == 2 && mapOnTracker.stderr.contains("--map goes with --from csv"))
    let notCronometer = try Self.importing(
      ["--from", "cronometer", Self.fixture("loseit-food-log.csv")], into: folder)
    #expect(
      notCronometer.status == 2
        && notCronometer.stderr.contains(
          "is not a Cronometer servings.csv export: it has no column for 'Food Name', 'Energy (kcal)', "
            + "'Carbs (g)' (its columns: 'Date', 'Name'"
        ))
  }
}
