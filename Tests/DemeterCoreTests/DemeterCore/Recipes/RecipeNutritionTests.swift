import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A recipe's nutrition from USDA ingredients (the excerpt of the shared table), checked against an
/// independent computation: grams × the table's per-100 g literals ÷ 100, summed with Foundation's
/// `Decimal`.
@Suite struct RecipeNutritionTests {
  /// 2 large eggs (2 × 50 g), 1 medium banana (118 g), 1/3 tsp cinnamon (2.6 g ÷ 3), 10 g butter and
  /// 400 g of a free food; 3 servings.
  static let recipeText = """
    {"id":"banana-pancakes","title":"Banana pancakes","servings":3,"ingredients":[
    {"ingredient":"usda-sr-01123","portion":"2 large"},
    {"ingredient":"usda-sr-09040","portion":"1 medium"},
    {"ingredient":"usda-sr-02010","portion":"1/3 tsp"},
    {"ingredient":"usda-sr-01001","grams":10},
    {"food":"stock","per100g":{"calories":12,"protein":0.5,"carbohydrates":1.25,"fat":0.4,\
    "micronutrients":{"sodium_mg":310.5}},"grams":400}]}
    """

  /// (id, 3 × grams): three times each ingredient's weight, so that every term is a decimal.
  static let tripledGrams: [(id: String, grams: Decimal)] = [
    ("usda-sr-01123", 300), ("usda-sr-09040", 354), ("usda-sr-02010", Decimal(string: "2.6")!),
    ("usda-sr-01001", 30),
  ]

  static func catalog() throws -> IngredientDatabase {
    IngredientDatabase.load(bytes: try IngredientFixtures.excerpt(), path: "excerpt").database
  }

  /// The literal after `"key":` in the excerpt's line of `id`, as a `Decimal`; 0 when absent.
  static func tableValue(_ id: String, _ key: String) throws -> Decimal {
    let line = try #require(try IngredientFixtures.excerptLines().first { $0.contains("\"id\":\"\(id)\"") })
    guard let start = line.range(of: "\"\(key)\":")?.upperBound else { return 0 }
    let literal = line[start...].prefix { "0123456789.-eE+".contains($0) }
    return try #require(Decimal(string: String(literal)))
  }

  static func exact(_ value: Decimal) throws -> ExactFraction {
    guard case .exact(let fixed) = FixedDecimal.read(jsonNumber: value.description) else {
      throw CancellationError()
    }
    return ExactFraction(fixed)
  }

  static func nutrition() throws -> RecipeNutrition {
    let recipe = try #require(RecipeDocument(bytes: Array(recipeText.utf8), path: "r.json").recipe)
    let database = try catalog()
    return try RecipeNutrition.compute(recipe, ingredient: database.ingredient(withID:))
  }

  /// 3 × the whole recipe's amount of a table key, computed independently.
  static func tripledWhole(_ key: String, free: Decimal) throws -> Decimal {
    var sum = free * 3 * 4  // 400 g of the free food: 4 × its per-100 g value, tripled.
    for (id, grams) in tripledGrams { sum += grams * (try tableValue(id, key)) / 100 }
    return sum
  }

  @Test(arguments: [
    ("calories", "caloriesPer100g", Decimal(12)), ("protein", "proteinPer100g", Decimal(string: "0.5")!),
    ("carbohydrates", "carbsPer100g", Decimal(string: "1.25")!),
    ("fat", "fatPer100g", Decimal(string: "0.4")!),
    ("fiber", "fiberPer100g", Decimal(0)), ("sugar", "sugarPer100g", Decimal(0)),
  ])
  func macronutrientsEqualTheIndependentSum(key: String, tableKey: String, free: Decimal) throws {
    let nutrition = try Self.nutrition()
    let nutrient = try #require(Nutrient.all.first { $0.key == key })
    let tripled = try Self.exact(try Self.tripledWhole(tableKey, free: free))
    let whole = try #require(nutrition.whole[nutrient])
    let perServing = try #require(nutrition.perServing[nutrient])
    let per100g = try #require(nutrition.per100g[nutrient])
    #expect(whole * 3 == tripled)
    // Per serving (3 servings): 9 × a serving is the tripled whole.
    #expect(perServing * 9 == tripled)
    // Per 100 g: times the weight ÷ 100 gives the whole back.
    let hundreds: ExactFraction? = nutrition.weight / 100
    let weight = try #require(hundreds)
    #expect(per100g * weight == whole)
  }

  @Test func micronutrientsAreSummedToo() throws {
    let nutrition = try Self.nutrition()
    let sodium = try Self.exact(try Self.tripledWhole("sodium_mg", free: Decimal(string: "310.5")!))
    let wholeSodium = try #require(nutrition.whole.micronutrients["sodium_mg"])
    #expect(wholeSodium * 3 == sodium)
    let potassium = try Self.exact(try Self.tripledWhole("potassium_mg", free: 0))
    let wholePotassium = try #require(nutrition.whole.micronutrients["potassium_mg"])
    #expect(wholePotassium * 3 == potassium)
    #expect(nutrition.whole.orderedMicronutrients.first?.name == "sodium_mg")
  }

  @Test func gramsAndWeight() throws {
    let nutrition = try Self.nutrition()
    #expect(nutrition.ingredientGrams == [100, 118, ExactFraction(26, over: 30), 10, 400])
    #expect(nutrition.totalGrams == ExactFraction(18_866, over: 30))
    #expect(nutrition.weight == nutrition.totalGrams)
    #expect(
      nutrition.resolved.map { $0?.id } == [
        "usda-sr-01123", "usda-sr-09040", "usda-sr-02010", "usda-sr-01001", nil,
      ])
    // 1/3 tsp is a third of 2.6 g exactly, not 0.8666…7 g.
    #expect(nutrition.ingredientGrams[2] * 3 == ExactFraction(26, over: 10))
  }

  @Test func theYieldSetsThePer100gWeight() throws {
    var recipe = try #require(RecipeDocument(bytes: Array(Self.recipeText.utf8), path: "r.json").recipe)
    recipe.yieldGrams = FixedDecimal(500)
    let nutrition = try RecipeNutrition.compute(recipe, ingredient: try Self.catalog().ingredient(withID:))
    #expect(nutrition.weight == 500)
    let per100g = try #require(nutrition.per100g[.calories])
    #expect(per100g * 5 == nutrition.whole[.calories])
  }

  @Test func unknownIngredientsAndMeasuresAreLocated() throws {
    let text = """
      {"id":"x","title":"X","servings":1,"ingredients":[
        {"ingredient":"usda-sr-09040","portion":"1 bunch"},
        {"ingredient":"nonesuch","grams":5}]}
      """
    let document = RecipeDocument(bytes: Array(text.utf8), path: "x.json")
    let database = try Self.catalog()
    #expect(throws: Diagnostic.self) { try document.nutrition(ingredient: database.ingredient(withID:)) }
    do {
      _ = try document.nutrition(ingredient: database.ingredient(withID:))
    } catch {
      #expect(
        error.headline.hasPrefix(
          "x.json:2:43: error: \"ingredients[0].portion\": bananas, raw has no measure 'bunch'"))
    }
    let second = RecipeDocument(
      bytes: Array(text.replacingOccurrences(of: "1 bunch", with: "1 medium").utf8), path: "x.json")
    do {
      _ = try second.nutrition(ingredient: database.ingredient(withID:))
      Issue.record("an unknown ingredient must fail")
    } catch {
      #expect(
        error.headline
          == "x.json:3:17: error: \"ingredients[1]\": no ingredient has the id \"nonesuch\" (neither the "
            + "journal's "
          + "ingredients.jsonl nor the built-in table); find one with 'demeter-report ingredients search "
            + "WORDS'"
      )
    }
  }
}
