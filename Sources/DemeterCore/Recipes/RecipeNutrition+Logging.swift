import DemeterFoundation
import DemeterJournal

/// What an entry logged from a recipe holds (`add --recipe`, the sample journal, and the check for
/// entries whose recipe changed since): the recipe's nutrition per serving times the servings,
/// computed exactly, then rounded as an entry computed from an ingredient is (kcal and grams to one
/// decimal, micronutrients to three).
extension RecipeNutrition {
  /// The amounts logged for `servings` servings: each entry nutrient the recipe has a value for, and
  /// its micronutrients in the ingredient table's order.
  public struct Logged: Sendable, Hashable {
    public var nutrients: [Nutrient: FixedDecimal]
    public var micronutrients: [Micronutrient]

    public struct Micronutrient: Sendable, Hashable {
      public var name: String
      public var value: FixedDecimal
    }
  }

  /// Decimals of a logged entry nutrient and of a logged micronutrient.
  public static let loggedDecimals = (nutrient: 1, micronutrient: 3)

  /// `servings` servings: per serving × servings, exact; nil on overflow.
  public func eaten(servings: FixedDecimal) -> NutrientFractions? {
    perServing.map { $0 * ExactFraction(servings) }
  }

  /// What an entry of `servings` servings logs (see the extension's notes); nil on overflow.
  public func logged(servings: FixedDecimal) -> Logged? {
    guard let eaten = eaten(servings: servings) else { return nil }
    var logged = Logged(nutrients: [:], micronutrients: [])
    for nutrient in Nutrient.all {
      guard let amount = eaten[nutrient] else { continue }
      guard let rounded = amount.roundedFixed(Self.loggedDecimals.nutrient) else { return nil }
      logged.nutrients[nutrient] = rounded
    }
    for (name, amount) in eaten.orderedMicronutrients {
      guard let rounded = amount.roundedFixed(Self.loggedDecimals.micronutrient) else { return nil }
      logged.micronutrients.append(Logged.Micronutrient(name: name, value: rounded))
    }
    return logged
  }
}

extension ExactFraction {
  /// The value rounded half away from zero to `decimals` places, as a fixed decimal; nil when it
  /// is beyond `FixedDecimal`'s range.
  public func roundedFixed(_ decimals: Int) -> FixedDecimal? {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: rounded(decimals)) else { return nil }
    return value
  }
}
