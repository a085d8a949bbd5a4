import Foundation
import TestSupport
import Testing

/// `import` of the trackers' weight exports into the body log (manual: importing, body-log): the
/// lines written, a second import adding nothing, dry runs, bad rows, units, and the built binary.
@Suite struct WeightImportTests {
  static func bodyLog(_ journal: URL) -> String? {
    try? String(contentsOf: journal.appendingPathComponent("body.jsonl"), encoding: .utf8)
  }

  @Test func cronometerBiometricsTwiceOnTheBinary() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = [
      "import", "--from", "cronometer", ImportTests.fixture("cronometer-biometrics.csv"), "--journal", folder.path,
      "--tz", "+01:00",
    ]
    let first = try ToolRun.run(arguments, binary: true)
    #expect(first.status == 0, "\(first.stderr)")
    let path = folder.appendingPathComponent("body.jsonl").path
    #expect(
      first.stderr
        == "imported 7 weigh-ins into \(path) (0 already in the body log; 5 rows of other metrics left out)\n")
    let written = try #require(Self.bodyLog(folder))
    #expect(written.split(separator: "\n").count == 7)
    #expect(written.hasPrefix(#"{"timestamp":"2026-11-02T07:00:00+01:00","weight_kg":82.4}"# + "\n"))
    #expect(written.contains(#"{"timestamp":"2026-11-04T07:00:00+01:00","weight_lb":180.6}"#))

    let again = try ToolRun.run(arguments, binary: true)
    #expect(again.status == 0)
    #expect(again.stderr.hasPrefix("imported 0 weigh-ins into \(path) (7 already in the body log; "))
    #expect(Self.bodyLog(folder) == written)
    let check = try ToolRun.run(["check", "--journal", folder.path], binary: true)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let body = try ReportJSON(["body", "2026-11-01..2026-11-30", "--journal", folder.path])
    #expect((body.summary("weigh_in_days")?["value"] as? NSNumber)?.intValue == 7)
  }

  @Test func aWeighInAlreadyLoggedIsNotAddedAgainAndTheRestComeInTimeOrder() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let added = try ToolRun.run([
      "add", "--journal", folder.path, "--weight", "181", "--unit", "lb", "--time", "2026-11-03T07:00:00-05:00",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let before = try #require(Self.bodyLog(folder))
    let run = try ToolRun.run([
      "import", "--from", "loseit", ImportTests.fixture("loseit-weights.csv"), "--journal", folder.path, "--tz",
      "-05:00",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasSuffix(" (1 already in the body log; 1 deleted rows left out)\n"))
    #expect(
      Self.bodyLog(folder)
        == before + #"{"timestamp":"2026-11-02T07:00:00-05:00","weight_lb":181.4}"# + "\n"
        + #"{"timestamp":"2026-11-05T07:00:00-05:00","weight_lb":180.2}"# + "\n")
  }

  @Test func aDryRunPrintsTheLinesAndWritesNothing() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run([
      "import", "--from", "myfitnesspal", "--unit", "lb", "--dry-run", ImportTests.fixture("myfitnesspal-measurements.csv"),
      "--journal", folder.path, "--tz", "UTC",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").first == #"{"timestamp":"2026-11-02T07:00:00Z","weight_lb":181.6}"#)
    #expect(run.stdout.split(separator: "\n").count == 4)
    #expect(run.stderr.hasPrefix("would import 4 weigh-ins into "))
    #expect(Self.bodyLog(folder) == nil)
  }

  @Test func badRowsWriteNothingUnlessSkipped() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = ImportTests.fixture("cronometer-biometrics-bad.csv")
    let run = try ToolRun.run(["import", "--from", "cronometer", file, "--journal", folder.path, "--tz", "UTC"])
    #expect(run.status == 1)
    #expect(run.stderrLines.first?.hasPrefix("\(file):3:1: error: \"Day\": ") == true, "\(run.stderr)")
    #expect(run.stderrLines.last == "demeter-report: error: 5 bad rows; nothing was written (fix them, or pass --skip-bad to import the other rows)")
    #expect(Self.bodyLog(folder) == nil)
    let skipping = try ToolRun.run([
      "import", "--from", "cronometer", file, "--skip-bad", "--journal", folder.path, "--tz", "UTC",
    ])
    #expect(skipping.status == 0)
    #expect(skipping.stderrLines.last?.hasSuffix("(0 already in the body log; 5 bad rows skipped; 1 rows of other metrics left out)") == true)
    #expect(Self.bodyLog(folder) == #"{"timestamp":"2026-11-02T07:00:00Z","weight_kg":82.4}"# + "\n")
  }

  @Test func usageErrors() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let measurements = ImportTests.fixture("myfitnesspal-measurements.csv")
    let noUnit = try ToolRun.run(["import", "--from", "myfitnesspal", measurements, "--journal", folder.path])
    #expect(noUnit.status == 2)
    #expect(noUnit.stderr.contains("names no unit: give --unit kg or --unit lb"), "\(noUnit.stderr)")
    let mixed = try ToolRun.run([
      "import", "--from", "cronometer", ImportTests.fixture("cronometer-biometrics.csv"),
      ImportTests.fixture("cronometer-servings.csv"), "--journal", folder.path,
    ])
    #expect(mixed.status == 2 && mixed.stderr.contains("import weights and food separately"), "\(mixed.stderr)")
    let badUnit = try ToolRun.run([
      "import", "--from", "myfitnesspal", "--unit", "stone", measurements, "--journal", folder.path,
    ])
    #expect(badUnit.status == 2 && badUnit.stderr.contains("--unit must be kg or lb"))
    #expect(Self.bodyLog(folder) == nil && ImportTests.dayFiles(folder).isEmpty)
  }

  /// A tracker's whole export, which may hold food and weights, is refused with what to do instead,
  /// and nothing is written: a ZIP archive (MyFitnessPal's and Lose It!'s exports come as one), a
  /// folder (Cronometer's files saved together), or a food export and a weight export in one import.
  /// Each file in an import of its own then lands (issue 46).
  @Test func wholeExportsAreRefusedSayingWhatToDoOnTheBinary() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    let exports = try ToolRun.makeTemporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: journal)
      try? FileManager.default.removeItem(at: exports)
    }
    let zip = exports.appendingPathComponent("File-Export-2026-11-01-to-2026-11-30.zip")
    try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00] + Array("Nutrition-Summary.csv".utf8)).write(to: zip)
    let folder = exports.appendingPathComponent("cronometer-export")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (servings, biometrics) = (ImportTests.fixture("cronometer-servings.csv"), ImportTests.fixture("cronometer-biometrics.csv"))
    try FileManager.default.copyItem(atPath: servings, toPath: folder.appendingPathComponent("servings.csv").path)
    try FileManager.default.copyItem(atPath: biometrics, toPath: folder.appendingPathComponent("biometrics.csv").path)

    let archived = try ToolRun.run(
      ["import", "--from", "myfitnesspal", zip.path, "--journal", journal.path, "--unit", "kg"], binary: true)
    #expect(archived.status == 2)
    #expect(
      archived.stderr.contains(
        "'\(zip.path)' is a ZIP archive: unzip it and import its files one kind at a time (myfitnesspal reads "
          + "MyFitnessPal's Nutrition Summary (an entry per meal) or its measurements (weights)); nothing was written"),
      "\(archived.stderr)")
    let saved = try ToolRun.run(["import", "--from", "cronometer", folder.path, "--journal", journal.path], binary: true)
    #expect(saved.status == 2)
    #expect(
      saved.stderr.contains("'\(folder.path)' is a folder: import its files one kind at a time (cronometer reads "),
      "\(saved.stderr)")
    let both = try ToolRun.run(
      ["import", "--from", "cronometer", servings, biometrics, "--journal", journal.path], binary: true)
    #expect(both.status == 2)
    #expect(
      both.stderr.contains(
        "\(servings) holds food entries and \(biometrics) weigh-ins: import weights and food separately, one import "
          + "for each ('demeter-report import --from cronometer \(servings)', then the same with \(biometrics)); "
          + "nothing was written"),
      "\(both.stderr)")
    #expect(Self.bodyLog(journal) == nil && ImportTests.dayFiles(journal).isEmpty)

    for file in [servings, biometrics] {
      let run = try ToolRun.run(["import", "--from", "cronometer", file, "--journal", journal.path], binary: true)
      #expect(run.status == 0, "\(run.stderr)")
    }
    #expect(Self.bodyLog(journal)?.isEmpty == false)
    #expect(!ImportTests.dayFiles(journal).isEmpty)
  }

  @Test func theJournalsWeightUnitIsTheDefault() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"weightUnit":"lb"}"#.utf8).write(to: folder.appendingPathComponent(".demeter.json"))
    let run = try ToolRun.run([
      "import", "--from", "myfitnesspal", ImportTests.fixture("myfitnesspal-measurements.csv"), "--journal",
      folder.path, "--tz", "UTC",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.bodyLog(folder)?.hasPrefix(#"{"timestamp":"2026-11-02T07:00:00Z","weight_lb":181.6}"#) == true)
  }
}
