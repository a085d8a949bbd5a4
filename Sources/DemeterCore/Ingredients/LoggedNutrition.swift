import DemeterFoundation
import DemeterJournal

/// The nutrition an entry logs for grams of a food from the tables (manual: writing): energy and
/// each macronutrient to one decimal, micronutrients to three, as the number literals the entry
/// line holds. `add --ingredient` writes them, and `review --match` recomputes an entry with them.
public struct LoggedNutrition: Sendable {
  /// The nutrients the food states, by nutrient.
  public let nutrients: [Nutrient: String]
  /// The micronutrients the food states, in the journal's key order.
  public let micronutrients: [(name: String, value: String)]

  /// The nutrition of `grams` of `ingredient`.
  public init(_ ingredient: Ingredient, grams: Double) {
    let nutrition = ingredient.nutrition(forGrams: grams)
    var nutrients: [Nutrient: String] = [:]
    for nutrient in Nutrient.all {
      nutrients[nutrient] = nutrition[nutrient].map { DecimalText.roundedTrimmed($0, decimals: 1) }
    }
    self.nutrients = nutrients
    micronutrients = Ingredient.orderedMicronutrients(nutrition.micronutrients).map {
      (name: $0.name, value: DecimalText.roundedTrimmed($0.value, decimals: 3))
    }
  }
}
