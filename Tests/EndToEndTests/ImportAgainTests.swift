import Foundation
import Testing

/// `import` of rows that share an id or that the journal already has (manual: importing): rows with
/// one id and other content are refused naming both, entries edited in the app since are counted
/// and taken with `--update`, and ids of rows without one never depend on the zone setting.
@Suite struct ImportAgainTests {
  /// Runs `import` into `journal` with `--tz zone` (none: the local zone, Pacific/Chatham).
  static func importing(_ arguments: [String], into journal: URL, zone: String? = "-05:00") throws -> ToolRun
  {
    try ToolRun.run(
      ["import"] + arguments + ["--journal", journal.path] + (zone.map { ["--tz", $0] } ?? []))
  }

  /// A new empty journal folder `name` in `folder`.
  static func journal(in folder: URL, named name: String = "journal") throws -> URL {
    let journal = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    return journal
  }

  /// One app-export object a line, from `fields` (JSON members without braces) per row.
  static func appExport(_ rows: [String]) -> String {
    "[\n" + rows.map { "{" + $0 + "}" }.joined(separator: ",\n") + "\n]\n"
  }

  /// An app-export row's members: `id`, `foodName` and `calories` as given.
  static func row(_ id: String, _ food: String, calories: Int, time: String = "815318100") -> String {
    #""id":"\#(id)","timestamp":\#(time),"rawDescription":"","foodName":"\#(food)","quantity":1,"#
      + #""unit":"serving","calories":\#(calories),"protein":1,"carbohydrates":2,"fat":3,"confidence":1"#
  }

  static let first = "00000000-0000-4000-8000-000000000001"
  static let second = "00000000-0000-4000-8000-000000000002"

  @Test func rowsSharingAnIdAreImportedOnceWhenEqualAndRefusedWhenNot() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = try Self.journal(in: folder)
    let export = folder.appendingPathComponent("app.json").path
    try Self.appExport([
      Self.row(Self.first, "tea", calories: 2), Self.row(Self.first, "tea", calories: 2),
      Self.row(Self.second, "cake", calories: 300), Self.row(Self.second, "cake", calories: 350),
    ]).write(toFile: export, atomically: true, encoding: .utf8)
    let refused = try Self.importing(["--from", "demeter-app", export], into: journal)
    #expect(refused.status == 1)
    #expect(
      refused.stderrLines.first
        == "\(export):5:2: error: id \"\(Self.second)\" is also the id of \(export):4, with other content; "
        + "which row is meant cannot be told")
    #expect(
      refused.stderrLines.last?.hasPrefix("demeter-report: error: 2 bad rows; nothing was written") == true)
    #expect(ImportTests.dayFiles(journal).isEmpty)
    let skipping = try Self.importing(["--from", "demeter-app", "--skip-bad", export], into: journal)
    #expect(
      skipping.stderrLines.last
        == "imported 1 entry into 1 day file (1 already in the journal; 2 bad rows skipped)")

    // A generic CSV with an id column: the same, also across two files.
    let csv = folder.appendingPathComponent("log.csv").path
    let later = folder.appendingPathComponent("later.csv").path
    let header = "id,date,foodName,calories,protein,carbs,fat\n"
    try (header + "\(Self.first),2026-11-02,tea,2,0,0,0\n\(Self.second),2026-11-02,toast,90,3,15,1\n")
      .write(toFile: csv, atomically: true, encoding: .utf8)
    try (header + "\(Self.first),2026-11-02,tea,2,0,0,0\n\(Self.second),2026-11-02,toast,95,3,15,1\n")
      .write(toFile: later, atomically: true, encoding: .utf8)
    let fresh = try Self.journal(in: folder, named: "fresh")
    let twoFiles = try Self.importing(["--from", "csv", csv, later], into: fresh)
    #expect(twoFiles.status == 1)
    #expect(
      twoFiles.stderrLines.first
        == "\(later):3:1: error: id \"\(Self.second)\" is also the id of \(csv):3, with other content; "
        + "which row is meant cannot be told")
    #expect(ImportTests.dayFiles(fresh).isEmpty)
  }

  @Test func entriesEditedInTheAppAreCountedAndTakenWithUpdate() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = try Self.journal(in: folder)
    let first = try Self.importing(
      ["--from", "demeter-app", ImportTests.fixture("demeter-app-export.json")], into: journal)
    #expect(first.status == 0, "\(first.stderr)")
    let imported = ImportTests.dayFiles(journal)
    // Since then, the banana's calories were edited and the curry moved to the next day.
    let edited = folder.appendingPathComponent("edited.json").path
    try String(contentsOfFile: ImportTests.fixture("demeter-app-export.json"), encoding: .utf8)
      .replacingOccurrences(of: #""calories" : 105,"#, with: #""calories" : 110,"#)
      .replacingOccurrences(of: "815360730.0", with: "815447130.0")
      .write(toFile: edited, atomically: true, encoding: .utf8)

    let counted = try Self.importing(["--from", "demeter-app", edited], into: journal)
    #expect(counted.status == 0)
    #expect(
      counted.stderr
        == "imported 0 entries into 0 day files (3 already in the journal, 2 of them differ from the export "
        + "(--update takes the export's version))\n")
    #expect(ImportTests.dayFiles(journal) == imported)

    let dryRun = try Self.importing(
      ["--from", "demeter-app", "--update", "--dry-run", edited], into: journal)
    #expect(dryRun.stdout.split(separator: "\n").count == 2)
    #expect(
      dryRun.stderr
        == "would import 0 entries into 0 day files (3 already in the journal, 2 of them would be updated "
        + "from the export)\n")
    #expect(ImportTests.dayFiles(journal) == imported)

    let updated = try Self.importing(["--from", "demeter-app", "--update", edited], into: journal)
    #expect(updated.status == 0, "\(updated.stderr)")
    #expect(
      updated.stderr
        == "imported 0 entries into 0 day files (3 already in the journal, 2 of them updated from the export)\n"
    )
    let before = String(decoding: imported["2026-11-02.jsonl"]!, as: UTF8.self).split(separator: "\n")
    let after = ImportTests.dayFiles(journal)
    let day = String(decoding: after["2026-11-02.jsonl"] ?? Data(), as: UTF8.self).split(separator: "\n")
    #expect(day.count == 2 && day.first == before.first, "the eggs' line stays byte-identical")
    #expect(
      day.last.map(String.init)
        == before[1].replacingOccurrences(of: #""calories":105,"#, with: #""calories":110,"#))
    let next = String(decoding: after["2026-11-03.jsonl"] ?? Data(), as: UTF8.self)
    #expect(
      next.hasPrefix(#"{"id":"C3D4E5F6-0718-4293-A4B5-C6D7E8F90A1B","timestamp":"2026-11-03T20:05:30-05:00""#)
    )

    let again = try Self.importing(["--from", "demeter-app", "--update", edited], into: journal)
    #expect(again.stderr == "imported 0 entries into 0 day files (3 already in the journal)\n")
    #expect(ImportTests.dayFiles(journal) == after)
  }

  @Test func idsOfRowsWithoutOneIgnoreTheZoneSetting() throws {
    for (kind, file) in [
      ("demeter-app", "demeter-app-export-without-ids.json"),
      ("myfitnesspal", "myfitnesspal-nutrition-summary.csv"),
    ] {
      let folder = try ToolRun.makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(at: folder) }
      let first = try Self.importing(["--from", kind, ImportTests.fixture(file)], into: folder, zone: "UTC")
      #expect(first.status == 0, "\(kind): \(first.stderr)")
      let imported = ImportTests.dayFiles(folder)
      let rows = first.stderr.split(separator: " ")[1]
      for zone in [nil, "-05:00"] {
        let again = try Self.importing(["--from", kind, ImportTests.fixture(file)], into: folder, zone: zone)
        #expect(
          again.stderr == "imported 0 entries into 0 day files (\(rows) already in the journal)\n",
          "\(kind) with \(zone ?? "the local zone")")
      }
      #expect(ImportTests.dayFiles(folder) == imported)
    }
  }

  @Test func entriesImportedWithTheFormerIdsAreRecognised() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // What importing demeter-app-export-without-ids.json at -05:00 wrote before ids ignored the zone.
    let before = ImportTests.fixtures.appendingPathComponent("imported-with-former-ids/2026-11-02.jsonl")
    try FileManager.default.copyItem(at: before, to: folder.appendingPathComponent("2026-11-02.jsonl"))
    let run = try Self.importing(
      ["--from", "demeter-app", ImportTests.fixture("demeter-app-export-without-ids.json")], into: folder)
    #expect(run.stderr == "imported 0 entries into 0 day files (3 already in the journal)\n")
    #expect(ImportTests.dayFiles(folder) == ["2026-11-02.jsonl": try Data(contentsOf: before)])
  }

  @Test func aColumnReadTwiceIsAnError() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = try Self.journal(in: folder)
    for (kind, header, row, message) in [
      (
        "cronometer", "Day,Group,Food Name,Amount,Energy (kcal),Energy (kcal),Protein (g),Carbs (g),Fat (g)",
        "2026-11-02,Breakfast,Oats,1.00 cup,300,3000,10,50,5",
        "1:6: error: \"Energy (kcal)\" heads column 5 and column 6"
      ),
      (
        "csv", "date,foodName,calories,protein,carbs,fat,Calories", "2026-11-02,tea,2,0,0,0,20",
        "1:7: error: \"Calories\" heads column 3 and column 7"
      ),
      (
        "loseit", "Date,Name,Type,Calories,Deleted,Fat (g),Protein (g),Carbohydrates (g),Deleted",
        "11/02/2026,Toast,Breakfast,90,false,1,3,15,true",
        "1:9: error: \"Deleted\" heads column 5 and column 9"
      ),
    ] {
      let file = folder.appendingPathComponent("\(kind).csv").path
      try (header + "\n" + row + "\n").write(toFile: file, atomically: true, encoding: .utf8)
      let run = try Self.importing(["--from", kind, file], into: journal)
      #expect(run.status == 1, "\(kind): \(run.stderr)")
      #expect(
        run.stderrLines.first == "\(file):\(message): which one to read cannot be told (rename or remove one)"
      )
      #expect(ImportTests.dayFiles(journal).isEmpty)
    }
  }

  @Test func appTimestampsPastNanosecondsAndItemsThatAreNotEntries() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = try Self.journal(in: folder)
    let export = folder.appendingPathComponent("app.json").path
    try Self.appExport([Self.row(Self.first, "tea", calories: 2, time: "815318100.30000000000000004")])
      .replacingOccurrences(of: "\n]", with: ",\n  5,\n  {}\n]")
      .write(toFile: export, atomically: true, encoding: .utf8)
    let bad = try Self.importing(["--from", "demeter-app", export], into: journal)
    let located = bad.stderrLines.filter { $0.hasPrefix(export) }
    #expect(located.first == "\(export):3:3: error: this item is not an object (an entry of the export)")
    #expect(located.count > 1 && located.dropFirst().allSatisfy { $0.hasPrefix("\(export):4:3: error: ") })
    let skipping = try Self.importing(["--from", "demeter-app", "--skip-bad", export], into: journal)
    #expect(
      skipping.stderrLines.last
        == "imported 1 entry into 1 day file (0 already in the journal; 2 bad rows skipped)")
    let day = String(decoding: ImportTests.dayFiles(journal)["2026-11-02.jsonl"] ?? Data(), as: UTF8.self)
    #expect(day.contains(#""timestamp":"2026-11-02T08:15:00.3-05:00""#), "\(day)")
  }
}
