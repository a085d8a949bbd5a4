import Foundation
import Testing

/// The recipes eaten in day, week, month, year and range reports (issue 18), on the recipe journal:
/// equal to an independent count of its day files, and the entries whose recipe changed since they
/// were logged flagged with their stored and current kcal.
@Suite struct RecipeReportTests {
  static let journal = GoldenFileTests.recipeJournal

  /// The journal's entry lines, read independently of the tool.
  static func entries() throws -> [[String: Any]] {
    let folder = ToolRun.fixtures.appendingPathComponent("recipe-journal")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
      .flatMap { name in
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
          .map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
          }
      }
  }

  @Test(arguments: [
    ["week", "2026-W47"], ["month", "2026-11"], ["year", "2026"], ["range", "2026-11-16..2026-11-21"],
    ["day", "2026-11-16..2026-11-22"],
  ])
  func recipesEatenEqualAnIndependentCount(_ period: [String]) throws {
    let report = try ReportJSON(period + ["--journal", Self.journal, "--today", "2026-11-21"])
    var expected: [String: (entries: Int, servings: Decimal, calories: Decimal)] = [:]
    for entry in try Self.entries() {
      guard let matched = entry["matchedIngredientID"] as? String, matched.hasPrefix("recipe:") else {
        continue
      }
      let id = String(matched.dropFirst("recipe:".count))
      var tally = expected[id] ?? (0, 0, 0)
      tally.entries += 1
      tally.servings += (entry["quantity"] as! NSNumber).decimalValue
      tally.calories += (entry["calories"] as! NSNumber).decimalValue
      expected[id] = tally
    }
    let rows = report.rows("recipes")
    #expect(rows.map { $0["recipe_id"] as? String } == ["lentil-soup", "oat-banana"])
    for row in rows {
      let tally = try #require(expected[row["recipe_id"] as! String])
      #expect((row["entries"] as? NSNumber)?.intValue == tally.entries)
      #expect((row["servings"] as? NSNumber)?.decimalValue == tally.servings)
      #expect((row["calories"] as? NSNumber)?.decimalValue == tally.calories)
    }
    #expect(rows.first?["title"] as? String == "Lentil soup")
    // The soup went from 4 to 5 servings after two entries were logged from it; the third was
    // logged after the change.
    let changed = report.rows("recipe-entries-changed")
    #expect(changed.map { $0["date"] as? String } == ["2026-11-17", "2026-11-19"])
    #expect(
      changed.map { ($0["stored_calories"] as? NSNumber)?.decimalValue } == [
        Decimal(string: "346.9"), Decimal(string: "231.3"),
      ])
    // 4 servings → 5: the same servings now give 4/5 of the energy (rounded to 0.1 kcal as logged).
    #expect(
      changed.map { ($0["current_calories"] as? NSNumber)?.decimalValue } == [
        Decimal(string: "277.5"), Decimal(string: "185"),
      ])
    // The table sits right after the top foods.
    let ids = (report.root["tables"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    let recipes = try #require(ids.firstIndex(of: "recipes"))
    #expect(ids[recipes - 1] == "top-foods-by-count")
  }

  @Test func aPeriodWithoutRecipesHasNoRecipesTable() throws {
    let report = try ReportJSON([
      "week", "2026-W47", "--journal", ToolRun.sampleJournal, "--today", "2026-11-21",
    ])
    #expect(report.table("recipes") == nil)
    #expect(report.table("recipe-entries-changed") == nil)
    let before = try ReportJSON(["week", "2026-W46", "--journal", Self.journal, "--today", "2026-11-21"])
    #expect(before.table("recipes") == nil)
  }
}
