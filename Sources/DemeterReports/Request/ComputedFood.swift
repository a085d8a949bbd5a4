import DemeterCore

/// The food a new entry's nutrition is computed from (manual: writing, `add --ingredient` and `add
/// --recipe`): the id the entry is matched to, the food's name, the amount eaten, each nutrient and
/// micronutrient as the journal writes them, and what to say of the food once the entry is written.
public struct ComputedFood: Sendable {
  /// The `matchedIngredientID`: the food's id, or `recipe:ID`.
  public var id: String
  public var name: String
  /// The amount eaten, in `unit`, as written.
  public var quantity: String
  public var unit: String
  /// Each nutrient the food states, for the amount, as written.
  public var nutrients: [Nutrient: String]
  /// The micronutrients the food states, for the amount, in the journal's key order.
  public var micronutrients: [(name: String, value: String)]
  /// The line said on standard error of the food taken (name, id, kcal for the amount); nil: none.
  public var taken: String?

  /// `grams` of `ingredient`, eaten as `quantity` `unit` (`g`, or a measure of the food that weighs
  /// `grams`): its nutrition as `LoggedNutrition` rounds it.
  public init(_ ingredient: Ingredient, grams: Double, quantity: Double, unit: String) {
    let logged = LoggedNutrition(ingredient, grams: grams)
    id = ingredient.id
    name = ingredient.name
    self.quantity = DecimalText.shortest(quantity)
    self.unit = unit
    nutrients = logged.nutrients
    micronutrients = logged.micronutrients
    let amount =
      unit == "g"
      ? "\(self.quantity) g" : "\(self.quantity) \(unit) (\(DecimalText.roundedTrimmed(grams, decimals: 1)) g)"
    taken = FoodsTaken.line(ingredient, kcal: logged.nutrients[.calories] ?? "0", amount: amount)
  }

  /// `servings` of `recipe`, whose nutrition is `nutrition` (`RecipeNutrition.logged(servings:)`),
  /// matched to `recipe:ID` under its title; nil when the amounts are too large to write exactly.
  public init?(servings: FixedDecimal, of recipe: Recipe, nutrition: RecipeNutrition) {
    guard let logged = nutrition.logged(servings: servings) else { return nil }
    id = Recipe.reference(recipe.id)
    name = recipe.title
    quantity = servings.description
    unit = servings == FixedDecimal(1) ? "serving" : "servings"
    nutrients = logged.nutrients.mapValues(\.description)
    micronutrients = logged.micronutrients.map { (name: $0.name, value: $0.value.description) }
    taken = nil
  }
}
