/// Amounts of energy and nutrients in some quantity of food: kcal, grams, and micronutrients in the
/// unit their name carries (`sodium_mg`, `selenium_ug`).
public struct NutritionalInfo: Sendable, Hashable, Codable {
  /// Energy in kcal.
  public var calories: Double
  /// Protein in grams.
  public var protein: Double
  /// Carbohydrates in grams.
  public var carbohydrates: Double
  /// Fat in grams.
  public var fat: Double
  /// Dietary fibre in grams, if known.
  public var fiber: Double?
  /// Sugars in grams, if known.
  public var sugar: Double?
  /// Micronutrients by name; iterate `sortedMicronutrients` for output.
  public var micronutrients: [String: Double]

  public init(
    calories: Double,
    protein: Double,
    carbohydrates: Double,
    fat: Double,
    fiber: Double? = nil,
    sugar: Double? = nil,
    micronutrients: [String: Double] = [:]
  ) {
    self.calories = calories
    self.protein = protein
    self.carbohydrates = carbohydrates
    self.fat = fat
    self.fiber = fiber
    self.sugar = sugar
    self.micronutrients = micronutrients
  }

  /// Every amount multiplied by `factor` (unknown amounts stay unknown).
  public func scaled(by factor: Double) -> NutritionalInfo {
    NutritionalInfo(
      calories: calories * factor,
      protein: protein * factor,
      carbohydrates: carbohydrates * factor,
      fat: fat * factor,
      fiber: fiber.map { $0 * factor },
      sugar: sugar.map { $0 * factor },
      micronutrients: micronutrients.mapValues { $0 * factor })
  }

  /// The amount of `nutrient` (nil for an optional one that is not known).
  public subscript(nutrient: Nutrient) -> Double? {
    switch nutrient {
    case .calories: return calories
    case .protein: return protein
    case .carbohydrates: return carbohydrates
    case .fat: return fat
    case .fiber: return fiber
    case .sugar: return sugar
    default: preconditionFailure("NutritionalInfo has no amount of \(nutrient)")
    }
  }

  /// The micronutrients sorted by name, for deterministic output.
  public var sortedMicronutrients: [(name: String, value: Double)] {
    micronutrients.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
  }
}
