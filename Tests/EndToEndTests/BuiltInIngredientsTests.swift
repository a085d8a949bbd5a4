import Foundation
import Testing

/// The built-in USDA table through the built binary, from a journal with nothing imported (manual: journal):
/// search, show by name, the report formats, logging by portion, removing, and the energy check's
/// alcohol.
@Suite struct BuiltInIngredientsTests {
  /// An empty journal folder; the caller removes it.
  static func emptyJournal() throws -> URL {
    try ToolRun.makeTemporaryDirectory()
  }

  @Test func searchFindsTheWholeEggWithNothingImported() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(at: journal) }
    let run = try ToolRun.run(["ingredients", "search", "egg", "--limit", "3", "--journal", journal.path])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines.dropFirst().prefix(3).contains { $0.hasSuffix("  egg, whole, raw, fresh") }, "\(lines)")
    #expect(run.stderr.hasPrefix("demeter-report: showing 3 of "))
  }

  @Test func nothingGoodSaysSoAndSuggests() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(at: journal) }
    let none = try ToolRun.run(["ingredients", "search", "banana zzzzqx", "--journal", journal.path])
    #expect(none.status == 0)
    #expect(none.stdout == "")
    #expect(
      none.stderr.hasPrefix("demeter-report: no ingredient matches 'banana zzzzqx'; closest: bananas, raw"))
    let typo = try ToolRun.run(["ingredients", "search", "chiken", "--limit", "1", "--journal", journal.path])
    #expect(typo.stderr.hasPrefix("demeter-report: nothing matches 'chiken' well; these are the closest\n"))
    #expect(typo.stdout.contains("chicken"))
  }

  @Test func showTakesANameAndRendersEveryFormat() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(at: journal) }
    let text = try ToolRun.run(["ingredients", "show", "whole", "milk", "--journal", journal.path])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.hasPrefix("Milk, whole, 3.25% milkfat, with added vitamin d\n"))
    let json = try ToolRun.run(["ingredients", "show", "butter", "-f", "json", "--journal", journal.path])
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["title"] as? String == "Butter, salted")
    let csv = try ToolRun.run([
      "ingredients", "search", "egg", "--limit", "2", "-f", "csv", "--journal", journal.path,
    ])
    let rows = csv.csvRows()
    #expect(rows.first?.prefix(5) == ["ingredient_id", "name", "category", "source", "calories"])
    #expect(rows.count == 3)
    let markdown = try ToolRun.run([
      "ingredients", "search", "coke", "-f", "markdown", "--journal", journal.path,
    ])
    #expect(
      markdown.stdout.contains("| usda-sr-14148 | beverages, carbonated, cola, regular |"),
      "\(markdown.stdout)")
    let unknown = try ToolRun.run(["ingredients", "show", "qqqq", "zzzz", "--journal", journal.path])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no ingredient has the id or name 'qqqq zzzz'"))
  }

  @Test func addByNameAndPortionWritesTheUSDAValues() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(at: journal) }
    let run = try ToolRun.run([
      "add", "--ingredient", "banana", "--portion", "1 medium", "--time", "2026-11-21T10:00:00Z",
      "--journal", journal.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let line = try String(contentsOf: journal.appendingPathComponent("2026-11-21.jsonl"), encoding: .utf8)
    // bananas, raw (usda-sr-09040): 1 medium = 118 g; per 100 g 89 kcal, 1.09 g protein, 22.84 g
    // carbohydrates, 0.33 g fat, 2.6 g fibre, 12.23 g sugar, 358 mg potassium.
    for part in [
      #""foodName":"bananas, raw","quantity":1,"unit":"medium","calories":105,"protein":1.3,"#,
      #""carbohydrates":27,"fat":0.4,"fiber":3.1,"sugar":14.4,"confidence":1,"#,
      #""matchedIngredientID":"usda-sr-09040","micronutrients":{"sodium_mg":1.18,"potassium_mg":422.44,"#,
    ] {
      #expect(line.contains(part), "\(line)")
    }
    let badPortion = try ToolRun.run([
      "add", "--ingredient", "banana", "--portion", "2 buckets", "--journal", journal.path,
    ])
    #expect(badPortion.status == 2)
    #expect(
      badPortion.stderr.contains("bananas, raw has no measure 'buckets'; its measures are '1 cup, mashed'"))
  }

  @Test func rmRemovesOnlyThatLine() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(at: journal) }
    let database = journal.appendingPathComponent("ingredients.jsonl")
    let lines = [
      #"{"id":"custom-a","name":"granola","caloriesPer100g":471,"proteinPer100g":10,"carbsPer100g":64,"#
        + #""fatPer100g":20,"category":"grain"}"#,
      #"{"id":"custom-b","name":"tea, "#
        + #"mine","caloriesPer100g":1,"proteinPer100g":0,"carbsPer100g":0,"fatPer100g":0,"#
          + #""category":"beverage"}"#,
    ]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: database)
    let run = try ToolRun.run(["ingredients", "rm", "custom-a", "--journal", journal.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("removed custom-a (granola) from "))
    #expect(try String(contentsOf: database, encoding: .utf8) == lines[1] + "\n")
    let builtIn = try ToolRun.run(["ingredients", "rm", "usda-sr-01001", "--journal", journal.path])
    #expect(builtIn.status == 2)
    #expect(builtIn.stderr.contains("it is a built-in food, which cannot be removed"))
  }

  /// A glass of red wine: 125 kcal with 0.1 g protein and 3.4 g carbohydrates is 14 kcal of
  /// macronutrients; matched to the USDA red wine, its alcohol (10.6 g per 85 kcal) explains the rest,
  /// as it does for the unmatched "red wine" (the table's food of that name, `UnmatchedDrinkTests`).
  @Test func aMatchedGlassOfWineIsNotFlagged() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(at: journal) }
    func entry(_ id: String, _ extra: String) -> String {
      #"{"id":"\#(id)","timestamp":"2026-11-21T19:00:00Z","rawDescription":"","foodName":"red "#
        + #"wine","quantity":1,"#
        + #""unit":"glass","calories":125,"protein":0.1,"carbohydrates":3.4,"fat":0,"#
          + #""confidence":0.9\#(extra)}"#
    }
    let lines = [
      entry("00000000-0000-4000-8000-000000000001", #","matchedIngredientID":"usda-sr-14096""#),
      entry("00000000-0000-4000-8000-000000000002", #","micronutrients":{"alcohol_g":15.6}"#),
      entry("00000000-0000-4000-8000-000000000003", ""),
    ]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: journal.appendingPathComponent("2026-11-21.jsonl"))
    // (The unmatched entry is listed, with the food its alcohol comes from, when unmatched entries are.)
    let run = try ToolRun.run([
      "day", "2026-11-21", "-f", "json", "--journal", journal.path, "--today", "2026-11-21", "--review",
      "unmatched",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        #"{"value":"energy_inconsistent","display":"energy_inconsistent"},{"value":0,"display":"0"}"#))
    #expect(run.stdout.contains("alcohol as the food usda-sr-14096 (alcoholic beverage, wine, table, red)"))
  }
}
