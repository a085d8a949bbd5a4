import Foundation
import Testing

/// The food you meant, or a question (manual: foods): `add`, `recipe add` and `plan add` say which
/// food they took; `add` asks, with numbered candidates, when a name does not settle it; the table is
/// searched outside any journal; removing a food entries use needs `--force`.
@Suite struct FoodChoiceTests {
  /// The day files of `journal`.
  static func dayFiles(_ journal: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasSuffix(".jsonl") }
      .filter { $0 != "ingredients.jsonl" }
  }

  @Test func addSaysTheFoodItTookAndAsksWhenTheNameDoesNotSettleIt() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let base = ["add", "--grams", "150", "--time", "2026-11-21T12:00:00Z", "--journal", journal.path]
    let asked = try ToolRun.run(base + ["--ingredient", "chiken"], binary: true)
    #expect(asked.status == 2)
    #expect(asked.stdout == "")
    #expect(asked.stderr.contains("no food matches 'chiken' well"), "\(asked.stderr)")
    #expect(asked.stderr.contains("--pick N"))
    let numbered = asked.stderr.split(separator: "\n").filter {
      $0.hasPrefix("  1. ") || $0.hasPrefix("  2. ")
    }
    #expect(numbered.count == 2, "\(asked.stderr)")
    #expect(numbered.allSatisfy { $0.contains("(usda-sr-") && $0.hasSuffix(" kcal per 100 g)") })
    #expect(try Self.dayFiles(journal).isEmpty)

    // The first candidate's id, as listed.
    let line = try #require(numbered.first)
    let id = try #require(line.split(separator: "(").last?.split(separator: ",").first.map(String.init))
    let picked = try ToolRun.run(base + ["--ingredient", "chiken", "--pick", "1"], binary: true)
    #expect(picked.status == 0, "\(picked.stderr)")
    #expect(picked.stderr.hasPrefix("demeter-report: took chicken"), "\(picked.stderr)")
    #expect(picked.stderr.contains("(\(id)): "))
    #expect(picked.stderr.contains(" kcal for 150 g\n"))
    let day = try String(contentsOf: journal.appendingPathComponent("2026-11-21.jsonl"), encoding: .utf8)
    #expect(day.contains(#""matchedIngredientID":"\#(id)""#))

    let outOfRange = try ToolRun.run(base + ["--ingredient", "chiken", "--pick", "9"], binary: true)
    #expect(outOfRange.status == 2)
    #expect(outOfRange.stderr.contains("--pick must be a number from 1 to 5"), "\(outOfRange.stderr)")

    // Raw breast with skin ranks close to skinless breast, with 43 % more energy: a question too.
    let close = try ToolRun.run(base + ["--ingredient", "chicken breast"], binary: true)
    #expect(close.status == 2)
    #expect(
      close.stderr.contains("'chicken breast' matches foods that rank too close to tell apart"),
      "\(close.stderr)")
    #expect(
      close.stderr.contains(
        ". chicken, broilers or fryers, breast, meat and skin, raw (usda-sr-05057, 172 kcal per 100 g)\n"))

    // An id is always taken, and said with its kcal for the amount: roasted breast, 165 kcal per 100 g.
    let byID = try ToolRun.run(base + ["--ingredient", "usda-sr-05064"], binary: true)
    #expect(byID.status == 0, "\(byID.stderr)")
    #expect(
      byID.stderr.hasPrefix(
        "demeter-report: took chicken, broilers or fryers, breast, meat only, cooked, roasted "
          + "(usda-sr-05064): "
          + "247.5 kcal for 150 g\n"), "\(byID.stderr)")
    let withPick = try ToolRun.run(base + ["--ingredient", "usda-sr-05064", "--pick", "1"], binary: true)
    #expect(withPick.status == 2)
    #expect(withPick.stderr.contains("is an id, so leave --pick out"))
  }

  @Test func aClearNameIsTakenAndSaid() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let run = try ToolRun.run([
      "add", "--ingredient", "banana", "--portion", "1 medium", "--time", "2026-11-21T10:00:00Z",
      "--journal", journal.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.hasPrefix(
        "demeter-report: took bananas, raw (usda-sr-09040): 105 kcal for 1 medium (118 g)\n"),
      "\(run.stderr)")
    let quiet = try ToolRun.run([
      "add", "-q", "--ingredient", "banana", "--grams", "100", "--time", "2026-11-21T11:00:00Z",
      "--journal", journal.path,
    ])
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
    // An entry that is not written (its confidence is out of range) took no food.
    let refused = try ToolRun.run([
      "add", "--ingredient", "banana", "--grams", "100", "--confidence", "2", "--time",
      "2026-11-21T12:00:00Z",
      "--journal", journal.path,
    ])
    #expect(refused.status != 0)
    #expect(!refused.stderr.contains("took"), "\(refused.stderr)")
  }

  @Test func recipeAndPlanAddSayTheFoodsTheyTook() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let recipe = try ToolRun.run([
      "recipe", "add", "--id", "bowl", "--title", "Bowl", "--servings", "1", "--ingredient", "banana",
      "--grams", "120", "--ingredient", "usda-sr-09040", "--portion", "1 medium", "--journal", journal.path,
    ])
    #expect(recipe.status == 0, "\(recipe.stderr)")
    #expect(
      recipe.stderr.hasPrefix(
        "demeter-report: took bananas, raw (usda-sr-09040): 106.8 kcal for 120 g\n"
          + "demeter-report: took bananas, raw (usda-sr-09040): 105 kcal for 1 medium (118 g)\n"),
      "\(recipe.stderr)")
    let plan = try ToolRun.run([
      "plan", "add", "--json",
      #"{"days":{"2026-11-24":{"snack":[{"grams":182,"ingredient":"usda-sr-09003"}]}},"#
        + #""period":"2026-11-23..2026-11-29"}"#,
      "--journal", journal.path,
    ])
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(
      plan.stderr == "demeter-report: took apples, raw, with skin (usda-sr-09003): 94.6 kcal for 182 g "
        + "(2026-11-24 snack)\n")
  }

  /// The ranking through the command: a brand finds the generic food, a one-typo word what it fixes,
  /// and the generic food comes before deli meat.
  @Test func searchFindsGenericFoodsForBrandsAndTypos() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (query, first) in [
      ("coca cola", "usda-sr-14148  beverage"), ("chiken", "usda-sr-05011  protein"),
      ("chicken breast", "usda-sr-05062  protein"),
    ] {
      let run = try ToolRun.run(["ingredients", "search", query, "--limit", "1"], in: folder, binary: true)
      #expect(run.status == 0, "\(run.stderr)")
      let row = run.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
      #expect(row.hasPrefix(first), "\(query): \(run.stdout)")
    }
  }

  @Test func searchAndShowWorkOutsideAnyJournal() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let search = try ToolRun.run(
      ["ingredients", "search", "banana", "--limit", "1"], in: folder, binary: true)
    #expect(search.status == 0, "\(search.stderr)")
    #expect(search.stdout.contains("usda-sr-09040"))
    let show = try ToolRun.run(["ingredients", "show", "usda-sr-09040"], in: folder, binary: true)
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.hasPrefix("Bananas, raw\n"))
    let ownOnly = try ToolRun.run(
      ["ingredients", "search", "banana", "--no-builtin"], in: folder, binary: true)
    #expect(ownOnly.status == 2)
    let help = try ToolRun.run(["help"])
    #expect(help.stdout.contains("  ingredients   Search the built-in food table"), "\(help.stdout)")
  }

  @Test func removingAFoodEntriesUseNeedsForce() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let database = journal.appendingPathComponent("ingredients.jsonl")
    let food =
      #"{"id":"custom-a","name":"granola","caloriesPer100g":471,"proteinPer100g":10,"carbsPer100g":64,"#
      + #""fatPer100g":20,"category":"grain"}"#
    try Data((food + "\n").utf8).write(to: database)
    for hour in ["08", "09"] {
      let add = try ToolRun.run([
        "add", "-q", "--ingredient", "custom-a", "--grams", "60", "--time", "2026-11-21T\(hour):00:00Z",
        "--journal", journal.path,
      ])
      #expect(add.status == 0, "\(add.stderr)")
    }
    let refused = try ToolRun.run(["ingredients", "rm", "custom-a", "--journal", journal.path], binary: true)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("2 entries use custom-a (granola)"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--force"))
    #expect(try String(contentsOf: database, encoding: .utf8) == food + "\n")
    let forced = try ToolRun.run(["ingredients", "rm", "custom-a", "--force", "--journal", journal.path])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try String(contentsOf: database, encoding: .utf8) == "")
  }
}
