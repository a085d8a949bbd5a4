import DemeterCore
import DemeterReporting

/// What a command that writes from a food says on standard error of each food it took (manual:
/// foods): `took bananas, raw (usda-sr-09040): 105 kcal for 118 g`; and the foods a name matches,
/// numbered, when it asks which.
package enum FoodsTaken {
  /// The line said of `ingredient`, taken for `amount` with `kcal`.
  package static func line(_ ingredient: Ingredient, kcal: String, amount: String) -> String {
    "demeter-report: took \(TextEscaping.singleLine(ingredient.name)) "
      + "(\(TextEscaping.singleLine(ingredient.id))): \(kcal) kcal for \(TextEscaping.singleLine(amount))"
  }

  /// The numbered candidates, one a line: number, name, id, kcal per 100 g.
  package static func candidates(_ candidates: [IngredientCatalog.Match]) -> String {
    candidates.enumerated().map { number, match in
      "  \(number + 1). \(TextEscaping.singleLine(match.ingredient.name)) "
        + "(\(TextEscaping.singleLine(match.ingredient.id)), "
        + "\(DecimalText.roundedTrimmed(match.ingredient.caloriesPer100g, decimals: 1)) kcal per 100 g)"
    }.joined(separator: "\n")
  }

  /// Says which food each ingredient of `recipe` took in `catalog`, with its kcal for the amount (a
  /// portion the food does not have is left out: the recipe's check reports it).
  package static func say(_ recipe: Recipe, in catalog: IngredientCatalog, _ console: inout Console) {
    for part in recipe.ingredients {
      guard case .ingredient(let id) = part.food, let ingredient = catalog.ingredient(withID: id) else {
        continue
      }
      let grams: Double
      let written: String
      switch part.amount {
      case .grams(let value):
        grams = value.doubleValue
        written = "\(value) g"
      case .portion(let text):
        guard let portion = try? IngredientPortion(text, of: ingredient) else { continue }
        grams = portion.grams
        written = "\(text) (\(DecimalText.roundedTrimmed(grams, decimals: 1)) g)"
      }
      let kcal = DecimalText.roundedTrimmed(ingredient.caloriesPer100g * grams / 100, decimals: 1)
      console.error(line(ingredient, kcal: kcal, amount: written))
    }
  }

  /// Says which food each food item of a plan took, with its kcal.
  package static func say(_ nutrition: PlanNutrition, _ console: inout Console) {
    for item in nutrition.items {
      guard case .food = item.item, let part = item.ingredients.first, let ingredient = part.ingredient else {
        continue
      }
      let kcal = DecimalText.roundedTrimmed(item.nutrition[.calories]?.doubleValue ?? 0, decimals: 1)
      let grams = DecimalText.roundedTrimmed(part.grams.doubleValue, decimals: 1)
      console.error(line(ingredient, kcal: kcal, amount: "\(grams) g (\(item.date) \(item.meal.rawValue))"))
    }
  }
}
