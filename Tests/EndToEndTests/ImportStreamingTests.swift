import Foundation
import Testing

/// `import` of an export read a row at a time, its lines held on disk until the merge (manual:
/// importing): the order of the export's rows changes nothing written, and an export imported again
/// adds nothing and leaves every file as it was.
@Suite struct ImportStreamingTests {
  /// A Cronometer export of `days` days from 2026-10-01, `perDay` rows each, some of them equal
  /// (two identical snacks stay two entries), some without a time; by date unless `shuffledWith`.
  static func export(days: Int, perDay: Int, shuffledWith seed: UInt64? = nil) -> String {
    let foods = ["Oats", "\"Egg, Whole, Boiled\"", "Banana", "Tea", "Almonds"]
    let groups = ["Breakfast", "Lunch", "Dinner", "Snacks"]
    var rows: [String] = []
    for day in 0..<days {
      let date = String(format: "2026-%02d-%02d", 10 + day / 28, 1 + day % 28)
      for row in 0..<perDay {
        let time = row % 4 == 3 ? "" : String(format: "%02d:%02d", 6 + row % 16, (day * 7 + row) % 60)
        let food = foods[(day + row) % foods.count]
        let calories = row == perDay - 1 ? 90 : 100 + day + row * 3
        rows.append(
          "\(date),\(row == perDay - 1 ? "" : time),\(groups[row % groups.count]),\(food),1.00 serving,"
            + "\(calories),\(row + 1).5,\(day % 9 + 2),1.2,\(row * 10)")
      }
      rows.append(rows[rows.count - 1])  // the same snack twice
    }
    if let seed {
      var random = seed
      for index in stride(from: rows.count - 1, to: 0, by: -1) {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        rows.swapAt(index, Int((random >> 33) % UInt64(index + 1)))
      }
    }
    let header = "Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g),Sodium (mg)"
    return ([header] + rows).joined(separator: "\n") + "\n"
  }

  @Test func theRowsOrderChangesNothingAndAnExportImportedAgainAddsNothing() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (days, perDay) = (40, 6)
    let sorted = folder.appendingPathComponent("sorted.csv").path
    let shuffled = folder.appendingPathComponent("shuffled.csv").path
    try Self.export(days: days, perDay: perDay).write(toFile: sorted, atomically: true, encoding: .utf8)
    try Self.export(days: days, perDay: perDay, shuffledWith: 44)
      .write(toFile: shuffled, atomically: true, encoding: .utf8)
    let rows = days * (perDay + 1)

    let bySorted = try ImportAgainTests.journal(in: folder, named: "by-date")
    let byShuffled = try ImportAgainTests.journal(in: folder, named: "shuffled")
    for (export, journal) in [(sorted, bySorted), (shuffled, byShuffled)] {
      let run = try ImportAgainTests.importing(["--from", "cronometer", export], into: journal, zone: "UTC")
      #expect(run.status == 0)
      #expect(
        run.stderrLines == ["imported \(rows) entries into \(days) day files (0 already in the journal)"])
    }
    let written = ImportTests.dayFiles(bySorted)
    #expect(written.count == days)
    #expect(ImportTests.dayFiles(byShuffled) == written)

    for export in [shuffled, sorted] {
      let again = try ImportAgainTests.importing(["--from", "cronometer", export], into: bySorted, zone: "UTC")
      #expect(again.status == 0)
      #expect(
        again.stderrLines == ["imported 0 entries into 0 day files (\(rows) already in the journal)"])
      #expect(ImportTests.dayFiles(bySorted) == written)
    }
    let dryRun = try ImportAgainTests.importing(
      ["--from", "cronometer", "--dry-run", shuffled], into: byShuffled, zone: "UTC")
    #expect(dryRun.status == 0 && dryRun.stdout.isEmpty)
  }

  /// A dry run prints the lines that would be added in the export's order, as the import writes them.
  @Test func aDryRunPrintsTheNewLinesInTheExportsOrder() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let export = folder.appendingPathComponent("shuffled.csv").path
    try Self.export(days: 5, perDay: 3, shuffledWith: 7).write(toFile: export, atomically: true, encoding: .utf8)
    let journal = try ImportAgainTests.journal(in: folder)
    let dryRun = try ImportAgainTests.importing(
      ["--from", "cronometer", "--dry-run", export], into: journal, zone: "UTC")
    #expect(dryRun.status == 0)
    #expect(ImportTests.dayFiles(journal).isEmpty)
    let printed = dryRun.stdout.split(separator: "\n").map(String.init)
    #expect(printed.count == 20)
    _ = try ImportAgainTests.importing(["--from", "cronometer", export], into: journal, zone: "UTC")
    let written = ImportTests.dayFiles(journal).values.flatMap {
      String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    #expect(Set(printed) == Set(written) && written.count == printed.count)
  }
}
