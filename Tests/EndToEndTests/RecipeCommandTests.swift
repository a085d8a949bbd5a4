import Foundation
import Testing

/// `recipe add|show|list|rm` through the built binary (issue 18): files written in canonical form,
/// nutrition equal to an independent computation, located errors and exit codes.
@Suite struct RecipeCommandTests {
  /// The smallest valid recipe, as issue 18 gives it.
  static let smallest =
    #"{"id":"oat-banana","title":"Oats with "#
      + #"banana","servings":2,"ingredients":[{"ingredient":"usda-sr-08120","grams":80},"#
        + #"{"ingredient":"usda-sr-09040","portion":"1 medium"}],"vegetarian":true}"#

  /// Per 100 g in the USDA SR28 table (`shared/data/ingredients/ingredients.jsonl`): rolled oats
  /// (usda-sr-08120) and raw banana (usda-sr-09040, 1 medium = 118 g).
  static let oats: [String: Decimal] = [
    "calories": 379, "protein": Decimal(string: "13.15")!, "carbohydrates": Decimal(string: "67.7")!,
    "fat": Decimal(string: "6.52")!, "fiber": Decimal(string: "10.1")!, "sugar": Decimal(string: "0.99")!,
    "potassium_mg": 362,
  ]
  static let banana: [String: Decimal] = [
    "calories": 89, "protein": Decimal(string: "1.09")!, "carbohydrates": Decimal(string: "22.84")!,
    "fat": Decimal(string: "0.33")!, "fiber": Decimal(string: "2.6")!, "sugar": Decimal(string: "12.23")!,
    "potassium_mg": 358,
  ]

  /// A new empty journal folder; the caller removes `folder`.
  static func journal() throws -> (folder: URL, journal: String) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    return (folder, journal.path)
  }

  static func recipeFile(_ journal: String, _ id: String) -> String { journal + "/recipes/\(id).json" }

  @Test func theSmallestRecipeIsStoredCanonicallyAndItsNutritionIsExact() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let add = try ToolRun.run(["recipe", "add", "--json", Self.smallest, "--journal", journal])
    #expect(add.status == 0, "\(add.stderr)")
    #expect(
      add.stdout
        == "added recipe oat-banana (Oats with banana) to \(Self.recipeFile(journal, "oat-banana"))\n")
    let stored = try String(contentsOfFile: Self.recipeFile(journal, "oat-banana"), encoding: .utf8)
    #expect(
      stored == """
        {
          "id": "oat-banana",
          "title": "Oats with banana",
          "servings": 2,
          "ingredients": [
            {"ingredient":"usda-sr-08120","grams":80},
            {"ingredient":"usda-sr-09040","portion":"1 medium"}
          ],
          "vegetarian": true
        }

        """)

    let csv = try ToolRun.run(["recipe", "show", "oat-banana", "-f", "csv", "--journal", journal])
    #expect(csv.status == 0, "\(csv.stderr)")
    let rows = csv.csvRows()
    #expect(rows.first == ["nutrient", "unit", "per_serving", "per_100g", "recipe"])
    let byName = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
    for key in ["calories", "protein", "carbohydrates", "fat", "fiber", "sugar", "potassium_mg"] {
      // Independently: grams × value per 100 g ÷ 100, summed; ÷ 2 servings; per 100 g of 198 g.
      let whole = (80 * Self.oats[key]! + 118 * Self.banana[key]!) / 100
      let row = try #require(byName[key], "\(key)")
      #expect(row[4] == "\(whole)", "\(key)")
      #expect(row[2] == "\(whole / 2)", "\(key)")
      let per100g = try #require(Double(row[3]))
      let expected = NSDecimalNumber(decimal: whole * 100 / 198).doubleValue
      #expect(abs(per100g - expected) <= expected * 1e-12, "\(key)")
    }
    #expect(byName["calories"]?[2] == "204.11")

    let text = try ToolRun.run(["recipe", "show", "oat-banana", "--journal", journal])
    #expect(text.status == 0)
    #expect(text.stdout.contains("Oats with banana"))
    #expect(text.stdout.contains("  calories               kcal          204        206     408\n"))
    #expect(text.stdout.contains("  80 g       80.0  usda-sr-08120  cereals, oats, regular"))
    #expect(text.stdout.contains("Servings: 2 · Weight g: 198 · Dietary flags: vegetarian\n"))
    #expect(!text.stdout.contains("Books"))
    let json = try ToolRun.run(["recipe", "show", "oat-banana", "-f", "json", "--journal", journal])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(root["kind"] as? String == "recipe")
    let markdown = try ToolRun.run(["recipe", "show", "oat-banana", "-f", "markdown", "--journal", journal])
    #expect(markdown.status == 0)
    #expect(markdown.stdout.contains("| calories"))
  }

  @Test func aBadFileIsReportedWhereItIsAndNothingIsWritten() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("chili.json").path
    try """
    {
      "id": "chili",
      "title": "Chili",
      "servings": 4,
      "ingredients": [
        {"ingredient":"usda-sr-99999","grams":120}
      ]
    }
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let run = try ToolRun.run(["recipe", "add", file, "--journal", journal])
    #expect(run.status == 1)
    #expect(run.stdout == "")
    #expect(
      run.stderr.hasPrefix(
        "\(file):6:19: error: \"ingredients[0]\": no ingredient has the id \"usda-sr-99999\""))
    #expect(!FileManager.default.fileExists(atPath: journal + "/recipes"))

    let syntax = try ToolRun.run([
      "recipe", "add", "--json", #"{"id":"x","title":"X",}"#, "--journal", journal,
    ])
    #expect(syntax.status == 1)
    #expect(syntax.stderr.hasPrefix("--json:1:22: error: trailing comma before '}'\n"))

    let portion = try ToolRun.run([
      "recipe", "add", "--json", Self.smallest.replacingOccurrences(of: "1 medium", with: "1 bunch"),
      "--journal", journal,
    ])
    #expect(portion.status == 1)
    #expect(
      portion.stderr.hasPrefix(
        "--json:1:157: error: \"ingredients[1].portion\": bananas, raw has no measure 'bunch'"))
  }

  @Test func anIDInUseNeedsReplace() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try ToolRun.run(["recipe", "add", "--json", Self.smallest, "--journal", journal]).status == 0)
    let again = try ToolRun.run(["recipe", "add", "--json", Self.smallest, "--journal", journal])
    #expect(again.status == 2)
    #expect(again.stderr.hasPrefix("demeter-report: error: a recipe with the id 'oat-banana' already exists"))
    let same = try ToolRun.run(["recipe", "add", "--json", Self.smallest, "--replace", "--journal", journal])
    #expect(same.status == 0)
    #expect(same.stdout.hasPrefix("unchanged: recipe oat-banana"))
    let renamed = Self.smallest.replacingOccurrences(of: "Oats with banana", with: "Banana oats")
    let replaced = try ToolRun.run(["recipe", "add", "--json", renamed, "--replace", "--journal", journal])
    #expect(replaced.stdout.hasPrefix("replaced recipe oat-banana (Banana oats)"))
  }

  @Test func listFiltersAndRemove() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let eggs =
      #"{"id":"eggs-on-toast","title":"Eggs","servings":1,"ingredients":[{"ingredient":"usda-sr-01123","#
        + #""portion":"2 large"}],"books":["Breakfasts"],"tags":["quick"]}"#
    for recipe in [Self.smallest, eggs] {
      #expect(try ToolRun.run(["recipe", "add", "--json", recipe, "--journal", journal, "-q"]).status == 0)
    }
    let all = try ToolRun.run(["recipe", "list", "-f", "csv", "--journal", journal])
    #expect(all.status == 0)
    let rows = all.csvRows()
    #expect(rows.first?.prefix(4) == ["recipe_id", "title", "servings", "calories_per_serving"])
    #expect(rows.dropFirst().map { $0[0] } == ["eggs-on-toast", "oat-banana"])
    // 2 large eggs: 100 g × 143 kcal per 100 g.
    #expect(rows.dropFirst().first?[3] == "143")
    let book = try ToolRun.run(["recipe", "list", "--book", "Breakfasts", "-f", "csv", "--journal", journal])
    #expect(book.csvRows().dropFirst().map { $0[0] } == ["eggs-on-toast"])
    let vegetarian = try ToolRun.run(["recipe", "list", "--vegetarian", "-f", "csv", "--journal", journal])
    #expect(vegetarian.csvRows().dropFirst().map { $0[0] } == ["oat-banana"])

    let remove = try ToolRun.run(["recipe", "rm", "oat-banana", "--journal", journal])
    #expect(remove.status == 0)
    #expect(!FileManager.default.fileExists(atPath: Self.recipeFile(journal, "oat-banana")))
    let missing = try ToolRun.run(["recipe", "rm", "oat-bananas", "--journal", journal])
    #expect(missing.status == 2)
    #expect(
      missing.stderr.contains(
        "no recipe 'oat-bananas' in \(journal)/recipes; see 'demeter-report recipe list'"))
    let show = try ToolRun.run(["recipe", "show", "eggs-on-tost", "--journal", journal])
    #expect(show.status == 2)
    #expect(show.stderr.contains("did you mean 'eggs-on-toast'?"))
  }

  @Test func aBrokenRecipeFileIsReportedByListAndShow() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(atPath: journal + "/recipes", withIntermediateDirectories: true)
    try
      (#"{"id":"broken","title":"B","servings":"two","ingredients":[{"ingredient":"usda-sr-09040","#
        + #""grams":1}]}"#)
      .write(toFile: Self.recipeFile(journal, "broken"), atomically: true, encoding: .utf8)
    let list = try ToolRun.run(["recipe", "list", "--journal", journal])
    #expect(list.status == 1)
    #expect(
      list.stderr.hasPrefix(
        "\(Self.recipeFile(journal, "broken")):1:39: error: \"servings\" must be a number > 0, found a string"
      ))
    let show = try ToolRun.run(["recipe", "show", "broken", "--journal", journal])
    #expect(show.status == 1)
    #expect(show.stdout == "")
  }

  @Test func helpListsTheSubcommands() throws {
    let help = try ToolRun.run(["help", "recipe"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("SUBCOMMANDS"))
    for name in ["add", "show", "list", "search", "edit", "note", "book", "media", "rm"] {
      #expect(help.stdout.contains("\n  \(name) "))
    }
    #expect(
      try ToolRun.run(["recipe", "show", "--help"]).stdout.hasPrefix(
        "USAGE: demeter-report recipe show ID [options]\n"))
    let bare = try ToolRun.run(["recipe"])
    #expect(bare.status == 2)
    #expect(
      bare.stderr.hasPrefix(
        "demeter-report: error: recipe needs a subcommand: add, show, list, search, edit, note, book, media, rm"))
    let misspelt = try ToolRun.run(["recipe", "serch", "oat"])
    #expect(misspelt.status == 2)
    #expect(
      misspelt.stderr.hasPrefix(
        "demeter-report: error: unknown recipe subcommand 'serch'; the subcommands are add, show, list, "
          + "search, edit, note, book, media, rm; did you mean 'search'?"))
  }

  @Test func addRecipeLogsTheScaledServings() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      try ToolRun.run(["recipe", "add", "--json", Self.smallest, "--journal", journal, "-q"]).status == 0)
    let add = try ToolRun.run([
      "add", "--recipe", "oat-banana", "--servings", "1.5", "--time", "2026-11-21T08:00:00+01:00", "--meal",
      "breakfast", "--journal", journal, "-q",
    ])
    #expect(add.status == 0, "\(add.stderr)")
    let files = try #require(FileManager.default.enumerator(atPath: journal)?.allObjects as? [String])
    let dayFile = try #require(files.first { $0.hasSuffix("2026-11-21.jsonl") })
    let line = try String(contentsOfFile: journal + "/" + dayFile, encoding: .utf8)
    let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(entry["foodName"] as? String == "Oats with banana")
    #expect(entry["matchedIngredientID"] as? String == "recipe:oat-banana")
    #expect(entry["unit"] as? String == "servings")
    // 1.5 × the exact serving, rounded to one decimal: 306.165 kcal, 8.85465 g protein.
    let whole: (String) -> Decimal = { key in (80 * Self.oats[key]! + 118 * Self.banana[key]!) / 100 * 3 / 4 }
    #expect(whole("calories") == Decimal(string: "306.165")!)
    #expect(line.contains(#""quantity":1.5,"unit":"servings","calories":306.2,"protein":8.9,"#))
    #expect(line.contains(#""potassium_mg":534.03"#))  // (80 × 362 + 118 × 358) ÷ 100 × 0.75
    let day = try ToolRun.run(["day", "2026-11-21", "-f", "csv", "--journal", journal])
    #expect(day.status == 0)
    #expect(day.stdout.contains("306.2"))

    let unknown = try ToolRun.run(["add", "--recipe", "porridge", "--journal", journal])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("demeter-report: error: no recipe 'porridge' in \(journal)/recipes"))
    let both = try ToolRun.run(["add", "--recipe", "oat-banana", "--calories", "5", "--journal", journal])
    #expect(both.status == 2)
    #expect(
      both.stderr.hasPrefix(
        "demeter-report: error: --recipe computes the entry's nutrition; leave out --calories"))
  }

  @Test func checkValidatesRecipesAndKnowsRecipeReferences() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "".write(toFile: journal + "/ingredients.jsonl", atomically: true, encoding: .utf8)
    #expect(
      try ToolRun.run(["recipe", "add", "--json", Self.smallest, "--journal", journal, "-q"]).status == 0)
    let log = ["--time", "2026-11-21T08:00:00Z", "--journal", journal, "-q"]
    #expect(try ToolRun.run(["add", "--recipe", "oat-banana"] + log).status == 0)
    let clean = try ToolRun.run(["check", "--journal", journal])
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(clean.stderr == "")

    let gone = Self.smallest.replacingOccurrences(of: "oat-banana", with: "gone")
    #expect(try ToolRun.run(["recipe", "add", "--json", gone, "--journal", journal, "-q"]).status == 0)
    #expect(try ToolRun.run(["add", "--recipe", "gone"] + log).status == 0)
    #expect(try ToolRun.run(["recipe", "rm", "gone", "--journal", journal, "-q"]).status == 0)
    try
      (#"{"id":"broken","title":"B","servings":2,"ingredients":[{"ingredient":"usda-sr-09040","#
        + #""portion":"1 bunch"}]}"#)
      .write(toFile: Self.recipeFile(journal, "broken"), atomically: true, encoding: .utf8)
    let check = try ToolRun.run(["check", "--journal", journal])
    #expect(check.status == 1)
    #expect(check.stderr.contains(#"warning: matchedIngredientID "recipe:gone" is not in ingredients.jsonl"#))
    #expect(!check.stderr.contains("recipe:oat-banana"))
    #expect(
      check.stderr.contains(
        "\(Self.recipeFile(journal, "broken")):1:96: error: \"ingredients[0].portion\": bananas, raw has no "
          + "measure 'bunch'"
      ))
  }

  /// `fmt` rewrites day files only: a recipe file, canonical or written by hand, keeps its bytes.
  @Test func recipeFilesSurviveFmt() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      try ToolRun.run(["recipe", "add", "--json", Self.smallest, "--journal", journal, "-q"]).status == 0)
    let handWritten = Self.smallest.replacingOccurrences(of: "oat-banana", with: "by-hand") + "\r\n"
    try handWritten.write(toFile: Self.recipeFile(journal, "by-hand"), atomically: true, encoding: .utf8)
    let before = try FileManager.default.contentsOfDirectory(atPath: journal + "/recipes").sorted().map {
      try Data(contentsOf: URL(fileURLWithPath: journal + "/recipes/" + $0))
    }
    #expect(
      try ToolRun.run([
        "add", "--recipe", "by-hand", "--time", "2026-11-21T08:00:00Z", "--journal", journal, "-q",
      ]).status == 0)
    let fmt = try ToolRun.run(["fmt", "--journal", journal])
    #expect(fmt.status == 0, "\(fmt.stderr)")
    let after = try FileManager.default.contentsOfDirectory(atPath: journal + "/recipes").sorted().map {
      try Data(contentsOf: URL(fileURLWithPath: journal + "/recipes/" + $0))
    }
    #expect(after == before)
    #expect(try ToolRun.run(["recipe", "show", "by-hand", "--journal", journal]).status == 0)
  }

  /// Vegetarian and vegan are checked against the USDA food groups: warned about, never refused.
  @Test func declaredFlagsContradictedByTheFoodGroupsAreWarnedAbout() throws {
    let (folder, journal) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let eggs =
      #"{"id":"eggs","title":"Eggs","servings":1,"ingredients":[{"ingredient":"usda-sr-09040","grams":10},"#
        + #"{"ingredient":"usda-sr-01123","portion":"2 large"}],"vegetarian":true,"vegan":true}"#
    let add = try ToolRun.run(["recipe", "add", "--json", eggs, "--journal", journal])
    #expect(add.status == 0)
    #expect(
      add.stderr
        == "--json:1:113: warning: \"ingredients[1]\": the recipe is declared vegan, but egg, whole, raw, "
          + "fresh is "
        + "in the food group Dairy and Egg Products\n\(eggs)\n" + String(repeating: " ", count: 112) + "^\n"
        + "demeter-report: took bananas, raw (usda-sr-09040): 8.9 kcal for 10 g\n"
        + "demeter-report: took egg, whole, raw, fresh (usda-sr-01123): 143 kcal for 2 large (100 g)\n")
    let check = try ToolRun.run(["check", "--journal", journal])
    #expect(check.status == 0)
    #expect(check.stderr.hasPrefix("\(Self.recipeFile(journal, "eggs")):7:19: warning"))
    #expect(check.stderr.contains("warning: \"ingredients[1]\": the recipe is declared vegan"))
    #expect(!check.stderr.contains("declared vegetarian"))
    #expect(try ToolRun.run(["recipe", "show", "eggs", "-q", "--journal", journal]).stderr == "")
  }
}
