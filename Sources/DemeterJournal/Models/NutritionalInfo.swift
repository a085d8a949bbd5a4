/// Amounts of energy and nutrients in some quantity of food: kcal, grams, and micronutrients in the
/// unit their name carries (`sodium_mg`, `selenium_ug`).
public struct NutritionalInfo: Sendable, Hashable {
  /// The amount of each nutrient of `Nutrient.all`: every required one known, an optional one when
  /// known. `calories`, `protein`, … are views of it.
  public var nutrients: NutrientQuantities
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
    let nutrients = NutrientQuantities(
      calories: calories, protein: protein, carbohydrates: carbohydrates, fat: fat, fiber: fiber, sugar: sugar)
    self.init(nutrients: nutrients, micronutrients: micronutrients)
  }

  /// The amounts in `nutrients` (a required nutrient not known counts as 0).
  public init(nutrients: NutrientQuantities, micronutrients: [String: Double] = [:]) {
    self.nutrients = nutrients.withRequiredKnown
    self.micronutrients = micronutrients
  }

  /// Every amount multiplied by `factor` (unknown amounts stay unknown).
  public func scaled(by factor: Double) -> NutritionalInfo {
    NutritionalInfo(
      nutrients: nutrients.scaled(by: factor), micronutrients: micronutrients.mapValues { $0 * factor })
  }

  /// The amount of `nutrient` (nil for an optional one that is not known).
  public subscript(nutrient: Nutrient) -> Double? { nutrients[nutrient] }

  /// Energy in kcal.
  public var calories: Double { nutrients[.calories] ?? 0 }
  /// Protein in grams.
  public var protein: Double { nutrients[.protein] ?? 0 }
  /// Carbohydrates in grams.
  public var carbohydrates: Double { nutrients[.carbohydrates] ?? 0 }
  /// Fat in grams.
  public var fat: Double { nutrients[.fat] ?? 0 }
  /// Dietary fibre in grams, if known.
  public var fiber: Double? { nutrients[.fiber] }
  /// Sugars in grams, if known.
  public var sugar: Double? { nutrients[.sugar] }

  /// The micronutrients sorted by name, for deterministic output.
  public var sortedMicronutrients: [(name: String, value: Double)] {
    micronutrients.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
  }
}

extension NutritionalInfo: Codable {
  /// A key of the JSON form: a nutrient's key or `micronutrients`.
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    static let micronutrients = Key(stringValue: "micronutrients")
  }

  /// Reads the object of `encode(to:)`: each nutrient under its key (a required one must be there).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let nutrients = try NutrientQuantities { nutrient throws in
      let key = Key(stringValue: nutrient.key)
      return nutrient.isRequired
        ? try container.decode(Double.self, forKey: key)
        : try container.decodeIfPresent(Double.self, forKey: key)
    }
    self.init(
      nutrients: nutrients,
      micronutrients: try container.decode([String: Double].self, forKey: .micronutrients))
  }

  /// Writes each known nutrient under its key (`calories`, `protein`, …) and `micronutrients`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (nutrient, amount) in nutrients.known {
      try container.encode(amount, forKey: Key(stringValue: nutrient.key))
    }
    try container.encode(micronutrients, forKey: .micronutrients)
  }
}
