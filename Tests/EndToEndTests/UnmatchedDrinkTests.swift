import Foundation
import Testing

/// An unmatched drink that states no alcohol takes the alcohol of the built-in table's food of the
/// same name (its name or an alias, folded), on the built binary: a beer is not flagged by the
/// energy check and its review line names the food; a food without such a namesake (a margarita,
/// which the table lacks; a "root beer") and a plain slip are still flagged.
@Suite struct UnmatchedDrinkTests {
  /// An unmatched entry on 2026-11-21: `calories` stated over protein, carbohydrates and fat.
  static func entry(_ number: Int, _ food: String, calories: Int, carbohydrates: Double) -> String {
    #"{"id":"00000000-0000-4000-8000-00000000000\#(number)","timestamp":"2026-11-21T19:0\#(number):00Z","#
      + #""rawDescription":"","foodName":"\#(food)","quantity":1,"unit":"glass","calories":\#(calories),"#
      + #""protein":0.5,"carbohydrates":\#(carbohydrates),"fat":0,"confidence":0.9}"#
  }

  @Test func anUnmatchedBeerTakesTheTablesAlcohol() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let lines = [
      // 150 kcal with 14 g of carbohydrates (58 kcal of macronutrients): a beer's alcohol is the rest.
      Self.entry(1, "Beer", calories: 150, carbohydrates: 14),
      Self.entry(2, "margarita", calories: 274, carbohydrates: 36),
      Self.entry(3, "root beer", calories: 150, carbohydrates: 14),
      // A pasta whose stated energy is twice its macronutrients'.
      Self.entry(4, "pasta", calories: 600, carbohydrates: 60),
    ]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: journal.appendingPathComponent("2026-11-21.jsonl"))
    let run = try ToolRun.run(
      // (Unmatched, the beer is listed to review only when asked for.)
      ["day", "2026-11-21", "-f", "json", "--journal", journal.path, "--today", "2026-11-21", "--review", "unmatched"],
      binary: true)
    #expect(run.status == 0, "\(run.stderr)")
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let lists = try #require(report["lists"] as? [[String: Any]])
    func details(_ id: String) -> [String] {
      let list = lists.first { $0["id"] as? String == id }
      return (list?["items"] as? [[String: Any]] ?? []).compactMap { $0["detail"] as? String }
    }
    let flagged = details("energy-inconsistent")
    #expect(flagged.map { $0.split(separator: " · ")[1] } == ["margarita", "root beer", "pasta"], "\(flagged)")
    let beer = try #require(details("needs-review").first { $0.contains("· Beer ·") })
    #expect(beer.contains("alcohol as the food usda-sr-14003 (alcoholic beverage, beer, regular, all)"), "\(beer)")
    #expect(!beer.contains("kcal stated"), "\(beer)")
  }
}
