import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Recipe files (`<journal>/recipes/ID.json`): strict decoding with located errors, and the
/// canonical form that a decode–encode round trip keeps byte for byte.
@Suite struct RecipeDocumentTests {
  /// The smallest valid file, as issue 18 gives it.
  static let smallest =
    #"{"id":"oat-banana","title":"Oats with "#
      + #"banana","servings":2,"ingredients":[{"ingredient":"usda-sr-08120","grams":80},"#
        + #"{"ingredient":"usda-sr-09040","portion":"1 medium"}],"vegetarian":true}"#

  /// A recipe using every field, in canonical form.
  static let full = """
    {
      "id": "chili-sin-carne",
      "title": "Chili sin carne",
      "servings": 4,
      "yieldGrams": 1250.5,
      "ingredients": [
        {"ingredient":"usda-sr-11124","grams":120},
        {"ingredient":"usda-sr-01123","portion":"2 large"},
        {"food":"homemade stock","per100g":{"calories":12,"protein":0.5,"carbohydrates":1.2,"fat":0.4,"fiber":0,"micronutrients":{"sodium_mg":310,"zinc_mg":0.01}},"grams":400}
      ],
      "vegetarian": true,
      "glutenFree": true,
      "instructions": [
        "Chop the carrots.",
        "Simmer \\"slowly\\" for an hour."
      ],
      "tags": ["winter","batch"],
      "books": ["Weeknights"],
      "sourceURL": "https://example.org/chili",
      "notes": [
        {"text":"Less salt next time","pinned":true,"created":"2026-11-21"},
        {"text":"Kids liked it"}
      ],
      "media": [
        {"file":"bowl.jpg","caption":"Served <hot>","featured":true},
        {"file":"simmer.mp4"}
      ]
    }

    """

  static func read(_ text: String, path: String = "recipes/x.json") -> RecipeDocument {
    RecipeDocument(bytes: Array(text.utf8), path: path)
  }

  @Test func acceptsTheSmallestFileAsItIs() throws {
    let document = Self.read(Self.smallest)
    #expect(document.diagnostics.isEmpty)
    let recipe = try #require(document.recipe)
    #expect(recipe.id == "oat-banana")
    #expect(recipe.title == "Oats with banana")
    #expect(recipe.servings == FixedDecimal(2))
    #expect(
      recipe.ingredients == [
        RecipeIngredient(food: .ingredient(id: "usda-sr-08120"), amount: .grams(FixedDecimal(80)!)),
        RecipeIngredient(food: .ingredient(id: "usda-sr-09040"), amount: .portion("1 medium")),
      ])
    #expect(recipe.dietaryFlags == [.vegetarian])
  }

  @Test func smallestFileInCanonicalForm() throws {
    let recipe = try #require(Self.read(Self.smallest).recipe)
    #expect(
      RecipeEncoder.text(recipe) == """
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
  }

  @Test func everyFieldRoundTripsByteForByte() throws {
    let document = Self.read(Self.full)
    #expect(document.diagnostics.map(\.headline) == [])
    let recipe = try #require(document.recipe)
    #expect(recipe.yieldGrams == FixedDecimal(billionths: 1_250_500_000_000))
    #expect(recipe.dietaryFlags == [.vegetarian, .glutenFree])
    #expect(recipe.instructions == ["Chop the carrots.", "Simmer \"slowly\" for an hour."])
    #expect(
      recipe.notes.first
        == RecipeNote(
          text: "Less salt next time", pinned: true, created: CivilDate(year: 2026, month: 11, day: 21)!))
    #expect(recipe.notes.last == RecipeNote(text: "Kids liked it"))
    #expect(
      recipe.media == [
        RecipeMedia(file: "bowl.jpg", caption: "Served <hot>", featured: true), RecipeMedia(file: "simmer.mp4"),
      ])
    guard case .free(let name, let values) = recipe.ingredients[2].food else {
      Issue.record("the third ingredient is a free food")
      return
    }
    #expect(name == "homemade stock")
    #expect(values.nutrients[Nutrient.fiber.ordinal] == .zero)
    #expect(values.nutrients[Nutrient.sugar.ordinal] == nil)
    #expect(values.micronutrients["sodium_mg"] == FixedDecimal(310))
    #expect(RecipeEncoder.text(recipe) == Self.full)
  }

  @Test func otherSpellingsComeBackCanonical() throws {
    // Keys out of order, 2.0 for 2, a BOM, CRLF line ends, false flags and empty lists.
    let text =
      "\u{FEFF}{\"vegan\":false,\"servings\":2.0,\"tags\":[],\r\n\"title\":\"T\",\"id\":\"t\","
      + "\"ingredients\":[{\"grams\":1e2,\"ingredient\":\"x\"}]}\r\n"
    let recipe = try #require(Self.read(text).recipe)
    let canonical = RecipeEncoder.text(recipe)
    #expect(
      canonical == """
        {
          "id": "t",
          "title": "T",
          "servings": 2,
          "ingredients": [
            {"ingredient":"x","grams":100}
          ]
        }

        """)
    #expect(Self.read(canonical).recipe == recipe)
  }

  @Test func syntaxErrorsAreLocatedInTheFile() {
    let document = Self.read("{\n  \"id\": \"a\",\n  \"title\": \"T\",\n}\n")
    #expect(document.recipe == nil)
    #expect(document.diagnostics.map(\.headline) == ["recipes/x.json:3:15: error: trailing comma before '}'"])
    #expect(document.diagnostics.first?.rendered.hasSuffix("  \"title\": \"T\",\n              ^") == true)
  }

  @Test func everyProblemIsListedAtItsValue() {
    let text = """
      {
        "id": "Oat Banana",
        "title": "",
        "servings": 0,
        "vegatarian": true,
        "ingredients": [
          {"ingredient":"usda-sr-08120","grams":-80},
          {"ingredient":"usda-sr-09040"},
          {"food":"stock","grams":10},
          {"food":"stock","per100g":{"calories":1,"protein":1,"fat":1},"portion":"1 cup"},
          {"ingredient":"x","grams":1.0000000001}
        ],
        "notes": [{"text":"ok","created":"21/11/2026"}]
      }
      """
    let document = Self.read(text)
    #expect(document.recipe == nil)
    #expect(
      document.diagnostics.map(\.headline) == [
        "recipes/x.json:2:9: error: \"id\" must be a slug: lowercase letters and digits joined by single "
          + "hyphens, e.g. \"oat-banana\" (at most 100 characters)",
        "recipes/x.json:3:12: error: \"title\" must be a non-empty string, found an empty string",
        "recipes/x.json:4:15: error: \"servings\" must be a number > 0 (got 0)",
        "recipes/x.json:5:3: error: unknown key \"vegatarian\" in a recipe; did you mean \"vegetarian\"?",
        "recipes/x.json:7:43: error: \"ingredients[0].grams\" must be a number > 0 (got -80)",
        "recipes/x.json:8:6: error: \"ingredients[1]\" needs either \"grams\" (a weight) or \"portion\" (a "
          + "household measure such as \"2 large\")",
        "recipes/x.json:9:13: error: \"ingredients[2]\" is a free food: give its values per 100 g as "
          + "\"per100g\"",
        "recipes/x.json:10:31: error: \"ingredients[3].per100g\" needs \"carbohydrates\" (g per 100 g)",
        "recipes/x.json:10:76: error: \"ingredients[3]\" is a free food, which has no household measures; "
          + "give \"grams\"",
        "recipes/x.json:11:31: error: \"ingredients[4].grams\" has more than nine decimals (got "
          + "1.0000000001)",
        "recipes/x.json:13:36: error: \"notes[0].created\" must be a date such as \"2026-11-21\"",
      ])
  }

  @Test func missingKeysAndWrongShapes() {
    #expect(
      Self.read(#"{"id":"a"}"#).diagnostics.map(\.message) == [
        "a recipe needs \"title\" (its name, e.g. \"Oats with banana\")",
        "a recipe needs \"servings\" (how many servings it makes, e.g. 2)",
        "a recipe needs \"ingredients\" (a list such as [{\"ingredient\":\"usda-sr-09040\",\"grams\":118}])",
      ])
    #expect(
      Self.read("[1]").diagnostics.map(\.message) == [
        "a recipe file must be one JSON object, like {\"id\":\"oat-banana\",\"title\":\"Oats with banana\",…}"
      ])
    #expect(
      Self.read(#"{"id":"a","title":"A","servings":1,"ingredients":[],"vegan":"yes"}"#).diagnostics.map(
        \.message) == [
          "\"ingredients\" must be a non-empty list such as "
            + "[{\"ingredient\":\"usda-sr-09040\",\"grams\":118}]",
          "\"vegan\" must be true or false, found a string",
        ])
  }

  @Test(arguments: [
    ("oat-banana", true), ("a", true), ("2026-chili", true), ("", false), ("-a", false), ("a-", false),
    ("a--b", false), ("Oat", false), ("a_b", false), ("a/b", false), ("..", false), ("é", false),
    (String(repeating: "a", count: 100), true), (String(repeating: "a", count: 101), false),
  ])
  func recipeIDsAreSlugs(id: String, valid: Bool) {
    #expect(Recipe.isValidID(id) == valid)
  }

  @Test func theIDMustMatchTheFileName() {
    var document = Self.read(Self.smallest, path: "recipes/oats.json")
    document.requireID("oats")
    #expect(document.recipe == nil)
    #expect(
      document.diagnostics.map(\.headline) == [
        "recipes/oats.json:1:7: error: the id \"oat-banana\" differs from the file's name 'oats.json'; a "
          + "recipe file is named for its id"
      ])
  }
}
