import DemeterFoundation
import DemeterJournal

/// A recipe's nutrition, exact: each ingredient contributes grams × its value per 100 g ÷ 100 of
/// every nutrient (kcal, macronutrients, fibre, sugar and micronutrients), summed as exact fractions
/// (`ExactFraction`) and divided by the servings, or by the weight for per 100 g, rounding nothing
/// until a value is shown. An ingredient's values per 100 g are the decimals its table wrote; a
/// portion's grams are its amount ÷ the measure's amount × the measure's grams
/// (`IngredientPortion.exactGrams`).
public struct RecipeNutrition: Sendable, Hashable {
  /// The whole recipe.
  public var whole: NutrientFractions
  /// One serving: `whole` ÷ servings.
  public var perServing: NutrientFractions
  /// 100 g of the dish: `whole` × 100 ÷ `weight`.
  public var per100g: NutrientFractions
  /// What each ingredient brings, in recipe order.
  public var parts: [NutrientFractions]
  /// The grams of each ingredient, in recipe order.
  public var ingredientGrams: [ExactFraction]
  /// The ingredients' grams summed.
  public var totalGrams: ExactFraction
  /// The dish's weight: the recipe's yield when it gives one, else `totalGrams`.
  public var weight: ExactFraction
  /// The database ingredient each recipe ingredient resolved to (nil for a free food).
  public var resolved: [Ingredient?]

  /// The nutrition of `recipe`, looking ingredient ids up with `ingredient` (the journal's
  /// `ingredients.jsonl` first, then the built-in table: `IngredientCatalog.ingredient(withID:)`).
  /// - Throws: which ingredient is unknown, names a measure it lacks, or whose amounts overflow.
  public static func compute(_ recipe: Recipe, ingredient lookUp: (String) -> Ingredient?)
    throws(RecipeNutritionError) -> RecipeNutrition
  {
    var whole = NutrientFractions.zero
    var parts: [NutrientFractions] = []
    var grams: [ExactFraction] = []
    var resolved: [Ingredient?] = []
    for (index, item) in recipe.ingredients.enumerated() {
      let name = "ingredients[\(index)]"
      let values: NutrientFractions
      var found: Ingredient?
      switch item.food {
      case .ingredient(let id):
        guard let ingredient = lookUp(id) else {
          throw RecipeNutritionError(
            ingredientIndex: index, aboutAmount: false,
            message: "\"\(name)\": no ingredient has the id \"\(id)\" (neither the journal's "
              + "\(JournalLayout.ingredientsFileName) nor the built-in table); find one with "
              + "'demeter-report ingredients search WORDS'")
        }
        guard let exact = NutrientFractions(per100g: ingredient) else { throw overflow(index) }
        (values, found) = (exact, ingredient)
      case .free(_, let per100g):
        values = NutrientFractions(per100g)
      }
      let itemGrams: ExactFraction
      switch item.amount {
      case .grams(let fixed):
        itemGrams = ExactFraction(fixed)
      case .portion(let text):
        guard let ingredient = found else {
          throw RecipeNutritionError(
            ingredientIndex: index, aboutAmount: true,
            message: "\"\(name)\" is a free food, which has no household measures; give \"grams\"")
        }
        let portion: IngredientPortion
        do throws(ModelError) {
          portion = try IngredientPortion(text, of: ingredient)
        } catch {
          throw RecipeNutritionError(
            ingredientIndex: index, aboutAmount: true, message: "\"\(name).portion\": \(error.message)")
        }
        guard let exact = portion.exactGrams else { throw overflow(index) }
        itemGrams = exact
      }
      guard let factor = itemGrams / 100, let part = values.map({ $0 * factor }), let sum = whole + part
      else {
        throw overflow(index)
      }
      whole = sum
      parts.append(part)
      grams.append(itemGrams)
      resolved.append(found)
    }
    var total: ExactFraction = 0
    for item in grams {
      guard let sum = total + item else { throw overflow(nil) }
      total = sum
    }
    let weight = recipe.yieldGrams.map(ExactFraction.init) ?? total
    let servings = ExactFraction(recipe.servings)
    guard let perServing = whole.map({ $0 / servings }),
      let per100g = whole.map({ value in (value * 100).flatMap { $0 / weight } })
    else { throw overflow(nil) }
    return RecipeNutrition(
      whole: whole, perServing: perServing, per100g: per100g, parts: parts, ingredientGrams: grams,
      totalGrams: total,
      weight: weight, resolved: resolved)
  }

  private static func overflow(_ index: Int?) -> RecipeNutritionError {
    RecipeNutritionError(
      ingredientIndex: index, aboutAmount: index != nil,
      message: (index.map { "\"ingredients[\($0)]\": " } ?? "")
        + "the amounts are too large to compute exactly; check the grams and values")
  }
}

/// Why a recipe's nutrition cannot be computed, and which ingredient it is about.
public struct RecipeNutritionError: Error, Sendable, Hashable {
  /// The ingredient's position in the recipe, if the problem is about one.
  public var ingredientIndex: Int?
  /// Whether it is about the ingredient's amount (grams or portion) rather than its food.
  public var aboutAmount: Bool
  /// What is wrong, naming the key (`"ingredients[1].portion": …`).
  public var message: String
}

/// Exact amounts of every nutrient in some quantity of food: the entry nutrients by
/// `Nutrient.ordinal` and micronutrients by name.
public struct NutrientFractions: Sendable, Hashable {
  /// By `Nutrient.ordinal`; nil for an optional nutrient that nothing summed states (an ingredient
  /// without it adds 0, as an entry without it does to totals).
  public var nutrients: [ExactFraction?]
  /// By name (the unit in the name), each stated by something summed.
  public var micronutrients: [String: ExactFraction]

  /// Nothing: required nutrients 0, the others unknown.
  public static let zero = NutrientFractions(
    nutrients: Nutrient.all.map { $0.isRequired ? 0 : nil }, micronutrients: [:])

  public init(nutrients: [ExactFraction?], micronutrients: [String: ExactFraction]) {
    self.nutrients = nutrients
    self.micronutrients = micronutrients
  }

  /// A free food's values.
  init(_ values: FoodValues) {
    self.init(
      nutrients: values.nutrients.map { $0.map(ExactFraction.init) },
      micronutrients: values.micronutrients.mapValues(ExactFraction.init))
  }

  /// An ingredient's values per 100 g, as the decimals its table wrote; nil when one is out of range.
  init?(per100g ingredient: Ingredient) {
    var nutrients: [ExactFraction?] = []
    for nutrient in Nutrient.all {
      guard let stated = ingredient.nutrientsPer100g[nutrient] else {
        nutrients.append(nil)
        continue
      }
      guard let exact = ExactFraction(decimal: stated) else { return nil }
      nutrients.append(exact)
    }
    var micronutrients: [String: ExactFraction] = [:]
    for (name, stated) in ingredient.micronutrientsPer100g {
      guard let exact = ExactFraction(decimal: stated) else { return nil }
      micronutrients[name] = exact
    }
    self.init(nutrients: nutrients, micronutrients: micronutrients)
  }

  /// The amount of `nutrient`, if stated.
  public subscript(nutrient: Nutrient) -> ExactFraction? { nutrients[nutrient.ordinal] }

  /// The micronutrients in the ingredient table's order (`Ingredient.orderedMicronutrients`).
  public var orderedMicronutrients: [(name: String, value: ExactFraction)] {
    Ingredient.orderedMicronutrients(micronutrients.mapValues(\.doubleValue)).map {
      ($0.name, micronutrients[$0.name]!)
    }
  }

  /// Every amount transformed; nil when a transform gives nil (an overflow).
  public func map(_ transform: (ExactFraction) -> ExactFraction?) -> NutrientFractions? {
    var result = self
    for (ordinal, value) in nutrients.enumerated() {
      guard let value else { continue }
      guard let changed = transform(value) else { return nil }
      result.nutrients[ordinal] = changed
    }
    for (name, value) in micronutrients {
      guard let changed = transform(value) else { return nil }
      result.micronutrients[name] = changed
    }
    return result
  }

  /// The amounts of `a` and `b` added (a nutrient either states counts); nil on overflow.
  public static func + (a: NutrientFractions, b: NutrientFractions) -> NutrientFractions? {
    var result = a
    for (ordinal, value) in b.nutrients.enumerated() {
      guard let value else { continue }
      guard let sum = (a.nutrients[ordinal] ?? 0) + value else { return nil }
      result.nutrients[ordinal] = sum
    }
    for (name, value) in b.micronutrients {
      guard let sum = (a.micronutrients[name] ?? 0) + value else { return nil }
      result.micronutrients[name] = sum
    }
    return result
  }
}
