import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Each importer on its fixture (`Tests/Fixtures/import`): fields, times, micronutrients, stable
/// ids, skipped and bad rows.
@Suite struct ImporterTests {
  static let fixtures = URL(fileURLWithPath: JournalTesting.packageRoot).appendingPathComponent("Tests/Fixtures/import")

  /// Times without an offset are written at UTC-5.
  static let options = ImportKind.Options(zone: .fixedOffset(seconds: -5 * 3600))

  static func read(
    _ kind: ImportKind, _ name: String, options: ImportKind.Options = options
  ) throws -> ImportBatch {
    let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    return try kind.read(bytes, path: name, options: options)
  }

  private func entries(_ batch: ImportBatch) -> [FoodEntry] { batch.rows.map(\.line.entry) }

  @Test func cronometerServings() throws {
    let batch = try Self.read(.cronometer, "cronometer-servings.csv")
    #expect(batch.problems.isEmpty && batch.badRows == 0)
    let entries = entries(batch)
    #expect(entries.count == 10)
    let oats = entries[0]
    #expect(oats.foodName == "Oats, Rolled, Dry" && oats.quantity == 1 && oats.unit == "cup")
    #expect(oats.timestamp.rfc3339 == "2026-11-02T08:10:00-05:00" && oats.meal == .breakfast)
    #expect(oats.confidence == 1 && oats.fiber == 8.2 && oats.sugar == 1.1)
    #expect(oats.micronutrients["calcium_mg"] == 42 && oats.micronutrients["sodium_mg"] == 5)
    let milk = entries[1]
    #expect(milk.fiber == nil && milk.quantity == 250 && milk.unit == "ml")
    #expect(milk.micronutrients["vitamin_d_ug"] == 2.625 && milk.micronutrients["vitamin_b12_ug"] == 1.1)
    let lasagna = entries[2]
    #expect(lasagna.foodName == "Lasagna, \"Family\" Tray" && lasagna.calories == 1234.5)
    #expect(
      lasagna.timestamp.rfc3339 == "2026-11-02T12:45:00-05:00"
        && lasagna.micronutrients["potassium_mg"] == 1560)
    #expect(entries[3].timestamp.rfc3339 == "2026-11-02T15:30:00-05:00" && entries[3].meal == .snack)
    #expect(entries[3].id != entries[4].id, "two equal apples stay two entries")
    #expect(entries[6].alcohol == 13.9, "the beer's alcohol, in grams")
    #expect(entries[5].alcohol == 0)
    // A day without times: by group.
    #expect(
      entries[7...].map(\.timestamp.rfc3339) == [
        "2026-11-03T08:00:00-05:00", "2026-11-03T12:30:00-05:00", "2026-11-03T12:00:00-05:00",
      ])
    #expect(entries[9].meal == nil && entries[9].tags == ["Uncategorized"])
    #expect(batch.rows.map(\.source.line) == Array(2...11))
  }

  @Test func idsAreStableAndOverlappingExportsShareThem() throws {
    let first = try Self.read(.cronometer, "cronometer-servings.csv")
    let again = try Self.read(.cronometer, "cronometer-servings.csv")
    #expect(first.rows.map(\.line.entry.id) == again.rows.map(\.line.entry.id))
    // Another zone writes other offsets but the same ids.
    let elsewhere = try Self.read(
      .cronometer, "cronometer-servings.csv", options: ImportKind.Options(zone: .fixedOffset(seconds: 3600)))
    #expect(first.rows.map(\.line.entry.id) == elsewhere.rows.map(\.line.entry.id))
    let later = try Self.read(.cronometer, "cronometer-servings-later.csv")
    let firstIDs = Set(first.rows.map(\.line.entry.id))
    #expect(later.rows.prefix(3).allSatisfy { firstIDs.contains($0.line.entry.id) })
    #expect(later.rows.dropFirst(3).allSatisfy { !firstIDs.contains($0.line.entry.id) })
    #expect(later.lines.count == 5)
  }

  @Test func badRowsAreLocatedByRowAndColumn() throws {
    let batch = try Self.read(.cronometer, "cronometer-servings-bad.csv")
    #expect(batch.badRows == 2)
    #expect(entries(batch).map(\.foodName) == ["Yogurt, Greek, Plain", "Soup, Tomato"])
    #expect(
      batch.problems.map(\.headline) == [
        "cronometer-servings-bad.csv:3:6: error: \"Energy (kcal)\": expected a number, got \"abc\"",
        "cronometer-servings-bad.csv:4:1: error: \"Day\": expected a date like 2026-11-21 or 11/21/2026, "
          + "got \"2026-13-01\"",
        "cronometer-servings-bad.csv:4:24: error: \"Protein (g)\": must be 0 or more, got \"-3\"",
      ])
  }

  @Test func myFitnessPalNutritionSummary() throws {
    let batch = try Self.read(.myfitnesspal, "myfitnesspal-nutrition-summary.csv")
    #expect(batch.problems.isEmpty)
    let entries = entries(batch)
    #expect(
      entries.map(\.foodName) == [
        "Breakfast (MyFitnessPal)", "Lunch (MyFitnessPal)", "Dinner (MyFitnessPal)", "Snacks (MyFitnessPal)",
        "Breakfast (MyFitnessPal)", "Dinner (MyFitnessPal)",
      ])
    #expect(entries.map(\.meal) == [.breakfast, .lunch, .dinner, .snack, .breakfast, .dinner])
    let dinner = entries[2]
    #expect(dinner.calories == 1050 && dinner.fiber == nil && dinner.note == "Ate out, skipped dessert")
    #expect(
      dinner.micronutrients == [
        "saturated_fat_g": 15.2, "polyunsaturated_fat_g": 9.7, "monounsaturated_fat_g": 19.1,
        "trans_fat_g": 0.5,
        "cholesterol_mg": 140, "sodium_mg": 1890, "potassium_mg": 1150,
      ])
    #expect(
      entries[4].note == "Hotel buffet; \"continental\""
        && entries[4].timestamp.rfc3339 == "2026-11-03T08:00:00-05:00")
  }

  @Test func loseItFoodLog() throws {
    let batch = try Self.read(.loseit, "loseit-food-log.csv")
    #expect(batch.problems.isEmpty)
    #expect(batch.skipped == ["exercise rows (negative calories)": 1, "deleted rows": 1])
    let entries = entries(batch)
    #expect(
      entries.map(\.foodName) == [
        "Scrambled Eggs", "Toast, Whole Wheat", "Chicken Burrito, Large", "Banana", "Pasta Primavera",
      ])
    #expect(entries[0].timestamp.localDate == CivilDate(year: 2026, month: 11, day: 2))
    #expect(entries[2].calories == 1020 && entries[2].micronutrients["sodium_mg"] == 2150)
    #expect(entries[3].micronutrients["cholesterol_mg"] == nil && entries[3].meal == .snack)
    #expect(entries[4].quantity == 1.5 && entries[4].unit == "Cups" && entries[4].meal == .dinner)
  }

  @Test func demeterAppExport() throws {
    let batch = try Self.read(.demeterApp, "demeter-app-export.json")
    #expect(batch.problems.isEmpty)
    let entries = entries(batch)
    #expect(
      entries.map(\.id) == [
        "6F0C9A52-3C1E-4A57-9A52-0D7F1D0E7B11", "0B1D2E3F-4A5B-4C6D-8E7F-8091A2B3C4D5",
        "C3D4E5F6-0718-4293-A4B5-C6D7E8F90A1B",
      ])
    #expect(
      entries.map(\.timestamp.rfc3339) == [
        "2026-11-02T08:15:00-05:00", "2026-11-02T15:30:00-05:00", "2026-11-02T20:05:30-05:00",
      ])
    #expect(entries[0].confidence == 0.92 && entries[0].matchedIngredientID == "usda-sr-01132")
    #expect(entries[2].rawDescription == "chicken curry, \"medium\" plate")
    #expect(batch.rows[2].line.object["appVersion"] == .string("1.4"))
    #expect(batch.rows.map(\.source.line) == [3, 17, 31])
  }

  @Test func demeterAppProblemsAreLocatedAtTheirObject() throws {
    let text =
      "[\n  "
        + "{\"id\":\"x1\",\"timestamp\":\"2026-11-02T08:00:00Z\",\"rawDescription\":\"\","
          + "\"foodName\":\"tea\","
      + "\"quantity\":1,\"unit\":\"cup\",\"calories\":-2,\"protein\":0,\"carbohydrates\":0,\"fat\":0,"
        + "\"confidence\":1}\n]"
    let batch = try ImportKind.demeterApp.read(Array(text.utf8), path: "app.json", options: Self.options)
    #expect(batch.badRows == 1)
    #expect(batch.problems.first?.location == SourceLocation(path: "app.json", line: 2, column: 4))
    #expect(throws: ImportError.self) {
      try ImportKind.demeterApp.read(Array("{\"a\":1}".utf8), path: "app.json", options: Self.options)
    }
  }

  /// An app export of `rows` (objects), one a line after the `[` line.
  private func appExport(_ rows: [String]) throws -> ImportBatch {
    let text = "[\n" + rows.joined(separator: ",\n") + "\n]"
    return try ImportKind.demeterApp.read(Array(text.utf8), path: "app.json", options: Self.options)
  }

  /// A UUID with letters (`0000000a-…-00000000000N`), for rows with ids.
  private func uuid(_ number: Int) -> String { "0000000a-0000-4000-8000-00000000000\(number)" }

  private func appRow(id: String, calories: Int, time: String = "815318100") -> String {
    "{\"id\":\"\(id)\",\"timestamp\":\(time),\"rawDescription\":\"\",\"foodName\":\"tea\",\"quantity\":1,"
      + "\"unit\":\"cup\",\"calories\":\(calories),\"protein\":0,\"carbohydrates\":0,\"fat\":0,\"confidence\":1}"
  }

  @Test func demeterAppTimestampsPastNanosecondsAreRounded() throws {
    let batch = try appExport([appRow(id: uuid(1), calories: 2, time: "815318100.30000000000000004")])
    #expect(batch.problems.isEmpty)
    #expect(batch.rows.first?.line.entry.timestamp.rfc3339 == "2026-11-02T08:15:00.3-05:00")
  }

  @Test func demeterAppItemsThatAreNotEntriesAreLocatedAtThemselves() throws {
    let batch = try appExport([appRow(id: uuid(1), calories: 2), "5", "{}"])
    #expect(batch.badRows == 2)
    #expect(batch.problems.first?.location == SourceLocation(path: "app.json", line: 3, column: 1))
    #expect(
      batch.problems.dropFirst().allSatisfy {
        $0.location == SourceLocation(path: "app.json", line: 4, column: 1)
      })
  }

  @Test func demeterAppIDsOfRowsWithoutOneIgnoreTheZone() throws {
    let utc = try Self.read(
      .demeterApp, "demeter-app-export-without-ids.json",
      options: ImportKind.Options(zone: .fixedOffset(seconds: 0)))
    let east = try Self.read(
      .demeterApp, "demeter-app-export-without-ids.json",
      options: ImportKind.Options(zone: .fixedOffset(seconds: 5 * 3600 + 1800)))
    #expect(utc.lines.count == 3 && utc.rows.map(\.line.entry.id) == east.rows.map(\.line.entry.id))
    // The former ids hashed the time in the zone: they differ, and each names its import's row.
    #expect(zip(utc.rows, east.rows).allSatisfy { $0.formerID != nil && $0.formerID != $1.formerID })
  }

  @Test func rowsSharingAnIdAreImportedOnceWhenEqualAndAreBadWhenNot() throws {
    var batch = try appExport([
      appRow(id: uuid(1), calories: 2), appRow(id: uuid(2), calories: 5),
      appRow(id: uuid(1).uppercased(), calories: 2), appRow(id: uuid(2), calories: 6),
    ])
    try batch.settleSharedIDs()
    #expect(batch.rows.map(\.line.entry.id) == [uuid(1)] && batch.repeated == 1 && batch.badRows == 2)
    #expect(
      batch.problems.map(\.headline) == [
        "app.json:5:2: error: id \"\(uuid(2))\" is also the id of app.json:3, with other content; which row "
          + "is meant cannot be told"
      ])
  }

  @Test func aColumnReadTwiceIsAnErrorNamingBoth() throws {
    let header = "Day,Group,Food Name,Energy (kcal),Protein (g),Carbs (g),Fat (g)"
    let twice = header + ",energy (KCAL)\n2026-11-02,Breakfast,Oats,300,10,50,5,3000\n"
    #expect(
      throws: ImportError.unreadable(
        Diagnostic(
          .error, SourceLocation(path: "s.csv", line: 1, column: 8),
          "\"energy (KCAL)\" heads column 4 and column 8: which one to read cannot be told (rename or remove one)"
        ))
    ) {
      try ImportKind.cronometer.read(Array(twice.utf8), path: "s.csv", options: Self.options)
    }
    // A column no importer reads may be there twice.
    let unread = header + ",Category,Category\n2026-11-02,Breakfast,Oats,300,10,50,5,a,b\n"
    #expect(
      try ImportKind.cronometer.read(Array(unread.utf8), path: "s.csv", options: Self.options).lines.count
        == 1)
  }

  @Test func genericCSVWithAMappingFileAndDecimalCommas() throws {
    var mapping = CSVColumnMapping()
    try mapping.add(
      String(contentsOf: Self.fixtures.appendingPathComponent("generic-columns.txt"), encoding: .utf8),
      separator: "\n")
    let options = ImportKind.Options(
      decimalStyle: .comma, zone: .fixedOffset(seconds: 3600), mapping: mapping)
    let batch = try Self.read(.csv, "generic-decimal-comma.csv", options: options)
    #expect(batch.problems.isEmpty)
    let entries = entries(batch)
    #expect(entries.map(\.calories) == [312.5, 1234.5, 420, 95])
    #expect(entries[1].micronutrients["sodium_mg"] == 2150 && entries[1].fiber == nil)
    #expect(entries[1].note == "Mit Soße; viel" && entries[1].tags == ["Mittag"])
    #expect(entries[2].meal == .dinner && entries[3].meal == .snack)
    #expect(entries[0].timestamp.rfc3339 == "2026-11-02T07:30:00+01:00")
  }

  @Test func genericCSVNeedsItsRequiredFieldsMapped() throws {
    let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("generic-decimal-comma.csv")))
    var unmapped = try ImportBatch(folder: NSTemporaryDirectory())
    do throws(ImportError) {
      try ImportKind.csv.read(bytes, path: "g.csv", options: Self.options, into: &unmapped)
      Issue.record("read without a mapping")
    } catch {
      #expect(
        error.message.hasPrefix(
          "g.csv is not readable with this mapping: it has no column for foodName, calories"))
      #expect(error.message.contains("'Wann', 'Essen', 'kcal'"))
    }
    // Columns named like the fields need no mapping.
    let plain =
      "date,time,foodName,calories,protein,carbs,fat,sodium_mg\n2026-11-02,8:15 AM,tea,2,0,0.5,0,3\n"
    let batch = try ImportKind.csv.read(Array(plain.utf8), path: "p.csv", options: Self.options)
    #expect(batch.rows.map(\.line.entry.timestamp.rfc3339) == ["2026-11-02T08:15:00-05:00"])
    #expect(batch.rows.first?.line.entry.micronutrients == ["sodium_mg": 3])
  }

  @Test func mappingPairsAreChecked() {
    var mapping = CSVColumnMapping()
    #expect(throws: ImportProblem.self) { try mapping.add("calories", separator: ",") }
    #expect(throws: ImportProblem.self) { try mapping.add("kcals=Energy", separator: ",") }
    #expect(throws: ImportProblem.self) { try mapping.add("calories=", separator: ",") }
  }
}

extension ImportKind {
  /// The batch of one export, its lines held in the system's temporary folder.
  func read(_ bytes: [UInt8], path: String, options: Options) throws -> ImportBatch {
    var batch = try ImportBatch(folder: NSTemporaryDirectory())
    try read(bytes, path: path, options: options, into: &batch)
    return batch
  }
}

extension ImportBatch {
  /// Every line, read back (none when that fails, which the expectations then show).
  var rows: [Line] { (try? lines.read()) ?? [] }
}
