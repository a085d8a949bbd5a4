import Foundation
import Testing

/// `recipe add` from options, `recipe search`, `recipe edit`, `recipe note` and `recipe book`
/// through the built binary (issue 18): canonical files, located errors, exit codes, and files
/// left byte for byte as they were when nothing changes.
@Suite struct RecipeWritingTests {
  typealias R = RecipeCommandTests

  static func read(_ journal: String, _ id: String) throws -> String {
    try String(contentsOfFile: R.recipeFile(journal, id), encoding: .utf8)
  }

  static func run(_ arguments: [String], _ journal: String) throws -> ToolRun {
    try ToolRun.run(arguments + ["--journal", journal])
  }

  @Test func aRecipeFromOptionsIsTheSameFileAsFromJSON() throws {
    let (folder, journal) = try R.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let byJSON = try Self.run(["recipe", "add", "-q", "--json", R.smallest], journal)
    #expect(byJSON.status == 0, "\(byJSON.stderr)")
    let expected = try Self.read(journal, "oat-banana")
    try FileManager.default.removeItem(atPath: R.recipeFile(journal, "oat-banana"))

    let options = [
      "recipe", "add", "--id", "oat-banana", "--title", "Oats with banana", "--servings", "2",
      "--ingredient", "rolled oats", "--grams", "80", "--ingredient", "usda-sr-09040", "--portion",
      "1 medium",
      "--vegetarian",
    ]
    let byOptions = try Self.run(options, journal)
    #expect(byOptions.status == 0, "\(byOptions.stderr)")
    #expect(
      byOptions.stderr
        == "demeter-report: took cereals, oats, regular and quick, not fortified, dry (usda-sr-08120): "
        + "303.2 kcal for 80 g\n"
        + "demeter-report: took bananas, raw (usda-sr-09040): 105 kcal for 1 medium (118 g)\n"
    )
    #expect(try Self.read(journal, "oat-banana") == expected)

    // The same id again: refused (exit 2) unless --replace; with the same recipe, nothing changes.
    let again = try Self.run(options, journal)
    #expect(again.status == 2)
    #expect(again.stderr.contains("already exists"))
    let replaced = try Self.run(options + ["--replace", "-q"], journal)
    #expect(replaced.status == 0)
    #expect(try Self.read(journal, "oat-banana") == expected)

    // Steps, tags, books, source and yield land in their canonical places.
    let full = try Self.run(
      [
        "recipe", "add", "-q", "--id", "banana-bowl", "--title", "Banana bowl", "--servings", "1.5",
        "--ingredient", "usda-sr-09040", "--grams", "120", "--step", "Slice.", "--step", "Serve.", "--tag",
        "quick",
        "--tag", "raw", "--book", "Snacks", "--source-url", "https://example.org/bowl", "--yield-grams",
        "110",
        "--vegan", "--nut-free",
      ], journal)
    #expect(full.status == 0, "\(full.stderr)")
    #expect(
      try Self.read(journal, "banana-bowl") == """
        {
          "id": "banana-bowl",
          "title": "Banana bowl",
          "servings": 1.5,
          "yieldGrams": 110,
          "ingredients": [
            {"ingredient":"usda-sr-09040","grams":120}
          ],
          "vegan": true,
          "nutFree": true,
          "instructions": [
            "Slice.",
            "Serve."
          ],
          "tags": ["quick","raw"],
          "books": ["Snacks"],
          "sourceURL": "https://example.org/bowl"
        }

        """)
  }

  @Test func badOptionsAreRefusedAndNothingIsWritten() throws {
    let (folder, journal) = try R.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = ["recipe", "add", "--id", "x", "--title", "X", "--servings", "2"]
    let cases: [(arguments: [String], status: Int32, message: String)] = [
      (
        base + ["--grams", "80", "--ingredient", "usda-sr-09040"], 2,
        "demeter-report: error: --grams '80' must come right after the --ingredient it measures\n"
      ),
      (
        base + ["--ingredient", "usda-sr-09040"], 2,
        "demeter-report: error: --ingredient 'usda-sr-09040' needs its --grams N or --portion TEXT right "
          + "after it\n"
      ),
      (
        base + ["--ingredient", "usda-sr-09040", "--grams", "-3"], 2,
        "demeter-report: error: --grams must be a number > 0 with at most nine decimals (got '-3')\n"
      ),
      (
        [
          "recipe", "add", "--id", "Not A Slug", "--title", "X", "--servings", "2", "--ingredient",
          "usda-sr-09040",
          "--grams", "80",
        ], 1,
        "<options>:2:9: error: \"id\" must be a slug"
      ),
      (
        base + ["--ingredient", "usda-sr-09040", "--portion", "1 bunch"], 1,
        "<options>:6:45: error: \"ingredients[0].portion\":"
      ),
      (
        base + ["--ingredient", "usda-sr-09040", "--grams", "1", "--json", "{}"], 2,
        "demeter-report: error: recipe add needs one FILE"
      ),
    ]
    for (arguments, status, message) in cases {
      let run = try Self.run(arguments, journal)
      #expect(run.status == status, "\(arguments): \(run.stderr)")
      #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: journal + "/recipes/x.json"))
    }
  }

  /// Recipes named for what they hold, so each match is found in one place only.
  static func addSearchRecipes(_ journal: String) throws {
    let recipes = [
      #"{"id":"bread-loaf","title":"Sweet "#
        + #"bananabread","servings":8,"ingredients":[{"ingredient":"usda-sr-08120","grams":100}]}"#,
      #"{"id":"morning-bowl","title":"Morning "#
        + #"bowl","servings":1,"ingredients":[{"ingredient":"usda-sr-09040","grams":100}]}"#,
      #"{"id":"split","title":"Banana "#
        + #"split","servings":2,"ingredients":[{"ingredient":"usda-sr-09040","grams":200}]}"#,
      #"{"id":"tagged","title":"Fruit plate","servings":2,"tags":["Banana "#
        + #"days"],"ingredients":[{"ingredient":"usda-sr-08120","grams":50}]}"#,
      #"{"id":"unrelated","title":"Oat "#
        + #"porridge","servings":2,"ingredients":[{"ingredient":"usda-sr-08120","grams":80}]}"#,
    ]
    for recipe in recipes {
      let run = try Self.run(["recipe", "add", "-q", "--json", recipe], journal)
      #expect(run.status == 0, "\(run.stderr)")
    }
  }

  @Test func searchFindsTitleIdTagsAndIngredientsWholeTitleWordsFirst() throws {
    let (folder, journal) = try R.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.addSearchRecipes(journal)
    let csv = try Self.run(["recipe", "search", "BANANA", "-f", "csv"], journal)
    #expect(csv.status == 0, "\(csv.stderr)")
    // Whole title word, part of the title, a tag, an ingredient's name ("bananas, raw").
    #expect(csv.csvRows().dropFirst().map { $0[0] } == ["split", "bread-loaf", "tagged", "morning-bowl"])
    let both = try Self.run(["recipe", "search", "banana", "split", "-f", "csv"], journal)
    #expect(both.csvRows().dropFirst().map { $0[0] } == ["split"])
    for format in ["json", "markdown", "html", "text"] {
      let run = try Self.run(["recipe", "search", "banana", "-f", format], journal)
      #expect(run.status == 0, "\(format): \(run.stderr)")
      #expect(run.stdout.contains(format == "text" ? "Banana s" : "Banana split"), "\(format)")
    }
    let none = try Self.run(["recipe", "search", "quinoa"], journal)
    #expect(none.status == 0)
    #expect(none.stdout == "")
    #expect(none.stderr == "demeter-report: no recipe matches 'quinoa'\n")
    #expect(try Self.run(["recipe", "search", "!!"], journal).status == 2)
  }

  @Test func editChangesWhatIsAskedAndLeavesEverythingElseAsItWas() throws {
    let (folder, journal) = try R.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.addSearchRecipes(journal)
    let untouched = try Self.read(journal, "unrelated")
    let edit = try Self.run(
      [
        "recipe", "edit", "split", "--title", "Banana split deluxe", "--servings", "3", "--add-tag",
        "dessert",
        "--add-tag", "cold", "--yield-grams", "180", "--vegetarian", "--source-url",
        "https://example.org/split",
      ], journal)
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(edit.stdout == "edited recipe split (Banana split deluxe)\n")
    let edited = """
      {
        "id": "split",
        "title": "Banana split deluxe",
        "servings": 3,
        "yieldGrams": 180,
        "ingredients": [
          {"ingredient":"usda-sr-09040","grams":200}
        ],
        "vegetarian": true,
        "tags": ["dessert","cold"],
        "sourceURL": "https://example.org/split"
      }

      """
    #expect(try Self.read(journal, "split") == edited)
    #expect(try Self.read(journal, "unrelated") == untouched)

    // Asking for what already is writes nothing.
    let same = try Self.run(["recipe", "edit", "split", "--servings", "3", "--add-tag", "cold"], journal)
    #expect(same.status == 0)
    #expect(same.stdout == "unchanged: recipe split (Banana split deluxe) already is so\n")
    #expect(try Self.read(journal, "split") == edited)

    let withdraw = try Self.run(
      [
        "recipe", "edit", "split", "--not-vegetarian", "--no-yield", "--no-source-url", "--remove-tag",
        "dessert", "-q",
      ],
      journal)
    #expect(withdraw.status == 0, "\(withdraw.stderr)")
    #expect(
      try Self.read(journal, "split") == """
        {
          "id": "split",
          "title": "Banana split deluxe",
          "servings": 3,
          "ingredients": [
            {"ingredient":"usda-sr-09040","grams":200}
          ],
          "tags": ["cold"]
        }

        """)

    let refusals: [(arguments: [String], message: String)] = [
      (["--remove-tag", "nope"], "demeter-report: error: recipe split has no tag 'nope' (its tags: cold)\n"),
      (["--servings", "0"], "demeter-report: error: --servings must be a number > 0"),
      (["--vegan", "--not-vegan"], "demeter-report: error: --vegan and --not-vegan contradict each other"),
      ([], "demeter-report: error: recipe edit needs something to change"),
    ]
    let before = try Self.read(journal, "split")
    for (arguments, message) in refusals {
      let run = try Self.run(["recipe", "edit", "split"] + arguments, journal)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
    }
    #expect(try Self.read(journal, "split") == before)
    let empty = try Self.run(["recipe", "edit", "split", "--title", " "], journal)
    #expect(empty.status == 1)
    #expect(empty.stderr.hasPrefix("<changed split>:3:12: error: \"title\" must be a non-empty string"))
    let missing = try Self.run(["recipe", "edit", "splt", "--servings", "2"], journal)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no recipe 'splt'") && missing.stderr.contains("did you mean 'split'?"))
  }

  @Test func notesAreDatedNumberedPinnedAndRemoved() throws {
    let (folder, journal) = try R.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try Self.run(["recipe", "add", "-q", "--json", R.smallest], journal).status == 0)
    let first = try Self.run(
      ["recipe", "note", "oat-banana", "Less sugar", "--today", "2026-11-20"], journal)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "added a note to recipe oat-banana (Oats with banana)\n")
    #expect(
      try Self.run(
        ["recipe", "note", "oat-banana", "Add cinnamon", "--pin", "--today", "2026-11-21", "-q"], journal
      )
      .status == 0)
    #expect(
      try Self.read(journal, "oat-banana").hasSuffix(
        """
          "notes": [
            {"text":"Less sugar","created":"2026-11-20"},
            {"text":"Add cinnamon","pinned":true,"created":"2026-11-21"}
          ]
        }

        """))
    // Pinned first when shown, each numbered as written.
    let shown = try Self.run(["recipe", "show", "oat-banana"], journal)
    #expect(
      shown.stdout.contains(
        "  Add cinnamon\n      note 2 · pinned · 2026-11-21\n  Less sugar\n      note 1 · 2026-11-20\n"))
    // Without --today, the clock's date in the journal's zone.
    #expect(
      try Self.run(["recipe", "note", "oat-banana", "Third", "-q", "--tz", "UTC"], journal).status == 0)
    #expect(try Self.read(journal, "oat-banana").contains(#"{"text":"Third","created":"20"#))

    let unpin = try Self.run(["recipe", "note", "oat-banana", "--unpin", "2"], journal)
    #expect(unpin.stdout == "unpinned note 2 of recipe oat-banana (Oats with banana)\n")
    let remove = try Self.run(["recipe", "note", "oat-banana", "--remove", "1", "-q"], journal)
    #expect(remove.status == 0)
    let notes = try Self.read(journal, "oat-banana")
    #expect(notes.contains("    {\"text\":\"Add cinnamon\",\"created\":\"2026-11-21\"},\n"))
    #expect(!notes.contains("Less sugar"))
    let beyond = try Self.run(["recipe", "note", "oat-banana", "--remove", "9"], journal)
    #expect(beyond.status == 2)
    #expect(beyond.stderr.hasPrefix("demeter-report: error: recipe oat-banana has 2 notes;"))
    #expect(try Self.run(["recipe", "note", "oat-banana"], journal).status == 2)
    #expect(try Self.run(["recipe", "note", "oat-banana", "--pin", "--unpin", "1"], journal).status == 2)
    #expect(try Self.read(journal, "oat-banana") == notes)
  }

  @Test func booksGainAndLoseRecipesAndAreListed() throws {
    let (folder, journal) = try R.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.addSearchRecipes(journal)
    for (book, recipe) in [("Weeknights", "split"), ("Weeknights", "unrelated"), ("Brunch", "split")] {
      let run = try Self.run(["recipe", "book", "add", book, recipe], journal)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.hasPrefix("added recipe \(recipe) ("))
    }
    let twice = try Self.run(["recipe", "book", "add", "Brunch", "split"], journal)
    #expect(twice.stdout == "unchanged: recipe split (Banana split) already is so\n")
    #expect(try Self.read(journal, "split").contains("  \"books\": [\"Weeknights\",\"Brunch\"]\n"))
    let list = try Self.run(["recipe", "book", "list", "-f", "csv"], journal)
    #expect(
      list.csvRows() == [
        ["book", "recipes", "recipe_ids"], ["Brunch", "1", "split"], ["Weeknights", "2", "split, unrelated"],
      ])
    let byBook = try Self.run(["recipe", "list", "--book", "Weeknights", "-f", "csv"], journal)
    #expect(byBook.csvRows().dropFirst().map { $0[0] } == ["split", "unrelated"])

    let remove = try Self.run(["recipe", "book", "rm", "Weeknights", "split"], journal)
    #expect(remove.stdout == "removed recipe split (Banana split) from book 'Weeknights'\n")
    #expect(try Self.read(journal, "split").contains("  \"books\": [\"Brunch\"]\n"))
    let notIn = try Self.run(["recipe", "book", "rm", "Weeknights", "split"], journal)
    #expect(notIn.status == 2)
    #expect(
      notIn.stderr.hasPrefix(
        "demeter-report: error: recipe split is not in the book 'Weeknights' (its books: Brunch)"))
    #expect(try Self.run(["recipe", "book", "add", "Brunch"], journal).status == 2)
    #expect(try Self.run(["recipe", "book", "move", "Brunch", "split"], journal).status == 2)
  }

  /// A recipe under 1 MiB as given whose canonical file (one step a line) would be over the 1 MiB
  /// a recipe file may be is refused with nothing written, as is a note that takes a stored recipe
  /// over it: the tool never writes a recipe it would refuse to read.
  @Test func aRecipeOverTheReadersLimitOnceCanonicalIsNeverWritten() throws {
    let (folder, journal) = try R.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    func withSteps(_ count: Int) throws -> String {
      let steps = Array(repeating: #""x""#, count: count).joined(separator: ",")
      let file = folder.appendingPathComponent("steps-\(count).json")
      try Data((String(R.smallest.dropLast()) + #","instructions":[\#(steps)]}"#).utf8).write(to: file)
      return file.path
    }
    let big = try withSteps(120_000)
    #expect(try FileManager.default.attributesOfItem(atPath: big)[.size] as? Int ?? 0 < 1 << 20)
    let refused = try Self.run(["recipe", "add", big], journal)
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(refused.stderr.contains("over the limit of 1 MiB for a recipe file"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: R.recipeFile(journal, "oat-banana")))

    #expect(try Self.run(["recipe", "add", try withSteps(110_000), "-q"], journal).status == 0)
    let stored = try Self.read(journal, "oat-banana")
    let note = try Self.run(
      ["recipe", "note", "oat-banana", String(repeating: "n", count: 100_000)], journal)
    #expect(note.status == 2, "\(note.stderr)")
    #expect(note.stderr.contains("over the limit of 1 MiB for a recipe file"), "\(note.stderr)")
    #expect(try Self.read(journal, "oat-banana") == stored)
    let check = try Self.run(["check"], journal)
    #expect(check.status == 0, "\(check.stderr)")
  }
}
