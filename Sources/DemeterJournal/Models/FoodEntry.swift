import DemeterFoundation

/// One food eaten, as written in one journal line (manual: journal; entry lines).
///
/// Create entries with the validating initializer; `isValid` and `validate()` re-check an entry
/// after its properties were changed.
public struct FoodEntry: Sendable, Hashable, Identifiable {
  /// The entry's UUID text, unique in the journal.
  public var id: String
  /// When it was eaten, as written (its local date decides the day it counts for).
  public var timestamp: Timestamp
  /// What the person said or typed (may be empty).
  public var rawDescription: String
  /// The food's name; never empty after trimming whitespace.
  public var foodName: String
  /// How much was eaten, in `unit`; finite and > 0.
  public var quantity: Double
  /// The unit of `quantity` (may be empty).
  public var unit: String
  /// The amount of each nutrient (kcal or grams): every required one known, an optional one
  /// (fibre, sugar) when stated; each finite and ≥ 0. `calories`, `protein`, … are views of it.
  public var nutrients: NutrientQuantities
  /// How sure the writer (often a language model) was of the entry, from 0 to 1.
  public var confidence: Double
  /// The id of the ingredient the entry was matched to, if any.
  public var matchedIngredientID: String?
  /// Alcohol in grams, if stated; finite and ≥ 0. The energy check counts it at 7 kcal/g, and it is
  /// the entry's `alcohol_g` micronutrient (which, if also written, must be the same amount).
  public var alcohol: Double?
  /// The meal the entry belongs to, if given.
  public var meal: Meal?
  /// Free-form tags, in the order written.
  public var tags: [String]
  /// Micronutrients by name (e.g. `sodium_mg`); each finite and ≥ 0. Iterate `sortedMicronutrients`
  /// for output: dictionary order changes from run to run.
  public var micronutrients: [String: Double]
  /// A free-form note, if given.
  public var note: String?
  /// Whether a person marked the entry reviewed (`"reviewed": true`; manual: reviewing): no review
  /// list shows it.
  public var reviewed = false

  /// Creates an entry and checks it against the rules of the manual's `journal` topic.
  /// - Throws: the first rule broken, checked in this order: `emptyFoodName`, `invalidQuantity`,
  ///   `negativeNutrition` (calories, protein, carbohydrates, fat, fiber, sugar, alcohol, then
  ///   micronutrients by name), `conflictingAlcohol`, `invalidConfidence`.
  public init(
    id: String,
    timestamp: Timestamp,
    rawDescription: String,
    foodName: String,
    quantity: Double,
    unit: String,
    calories: Double,
    protein: Double,
    carbohydrates: Double,
    fat: Double,
    confidence: Double,
    matchedIngredientID: String? = nil,
    fiber: Double? = nil,
    sugar: Double? = nil,
    alcohol: Double? = nil,
    meal: Meal? = nil,
    tags: [String] = [],
    micronutrients: [String: Double] = [:],
    note: String? = nil
  ) throws(FoodEntryValidationError) {
    let nutrients = NutrientQuantities(
      calories: calories, protein: protein, carbohydrates: carbohydrates, fat: fat, fiber: fiber, sugar: sugar)
    try self.init(
      id: id, timestamp: timestamp, rawDescription: rawDescription, foodName: foodName, quantity: quantity,
      unit: unit, nutrients: nutrients, confidence: confidence, matchedIngredientID: matchedIngredientID,
      alcohol: alcohol, meal: meal, tags: tags, micronutrients: micronutrients, note: note)
  }

  /// Creates an entry with the amount of each nutrient in `nutrients` and checks it as the
  /// initializer above does (a required nutrient not known counts as 0).
  public init(
    id: String, timestamp: Timestamp, rawDescription: String, foodName: String, quantity: Double,
    unit: String, nutrients: NutrientQuantities, confidence: Double, matchedIngredientID: String? = nil,
    alcohol: Double? = nil, meal: Meal? = nil, tags: [String] = [], micronutrients: [String: Double] = [:],
    note: String? = nil
  ) throws(FoodEntryValidationError) {
    self.id = id
    self.timestamp = timestamp
    self.rawDescription = rawDescription
    self.foodName = foodName
    self.quantity = quantity
    self.unit = unit
    self.nutrients = nutrients.withRequiredKnown
    self.confidence = confidence
    self.matchedIngredientID = matchedIngredientID
    self.alcohol = alcohol
    self.meal = meal
    self.tags = tags
    self.micronutrients = micronutrients
    self.note = note
    try validate()
  }
}

extension FoodEntry {
  /// Sets the entry's amount of `nutrient` (kcal or grams).
  public mutating func set(_ nutrient: Nutrient, to amount: Double) {
    nutrients[nutrient] = amount
  }

  /// Energy in kcal; finite and ≥ 0.
  public var calories: Double {
    get { nutrients[.calories] ?? 0 }
    set { nutrients[.calories] = newValue }
  }
  /// Protein in grams; finite and ≥ 0.
  public var protein: Double {
    get { nutrients[.protein] ?? 0 }
    set { nutrients[.protein] = newValue }
  }
  /// Carbohydrates in grams; finite and ≥ 0.
  public var carbohydrates: Double {
    get { nutrients[.carbohydrates] ?? 0 }
    set { nutrients[.carbohydrates] = newValue }
  }
  /// Fat in grams; finite and ≥ 0.
  public var fat: Double {
    get { nutrients[.fat] ?? 0 }
    set { nutrients[.fat] = newValue }
  }
  /// Dietary fibre in grams, if known; finite and ≥ 0.
  public var fiber: Double? {
    get { nutrients[.fiber] }
    set { nutrients[.fiber] = newValue }
  }
  /// Sugars in grams, if known; finite and ≥ 0.
  public var sugar: Double? {
    get { nutrients[.sugar] }
    set { nutrients[.sugar] = newValue }
  }
}

// MARK: - Validation

extension FoodEntry {
  /// Checks the entry against the rules of the manual's `journal` topic, in the order the initializer documents.
  /// - Complexity: O(m log m) for m micronutrients.
  public func validate() throws(FoodEntryValidationError) {
    if let failure = FoodEntryRules.checkFoodName(foodName) ?? FoodEntryRules.checkQuantity(quantity) {
      throw failure
    }
    var nutrients = self.nutrients.known.map { ($0.nutrient.key, $0.amount) }
    if let alcohol { nutrients.append(("alcohol", alcohol)) }
    for (name, value) in sortedMicronutrients { nutrients.append(("micronutrients." + name, value)) }
    for (field, value) in nutrients {
      if let failure = FoodEntryRules.checkNutrient(field, value) { throw failure }
    }
    if let alcohol, let written = micronutrients[IngredientAlcohol.micronutrient], written != alcohol {
      throw .conflictingAlcohol(alcohol, written)
    }
    if let failure = FoodEntryRules.checkConfidence(confidence) { throw failure }
  }

  /// Whether the entry keeps every rule of the manual's `journal` topic (see `validate()`).
  public var isValid: Bool {
    do {
      try validate()
      return true
    } catch {
      return false
    }
  }
}

// MARK: - Reading

extension FoodEntry {
  /// A one-line summary such as `182 kcal · P 12.2 g · C 2.0 g · F 13.4 g`: kcal without decimals,
  /// grams with one, `.` as the decimal mark whatever the locale.
  public var nutritionalSummary: String {
    "\(DecimalText.rounded(calories, decimals: 0)) kcal"
      + " · P \(DecimalText.rounded(protein, decimals: 1)) g"
      + " · C \(DecimalText.rounded(carbohydrates, decimals: 1)) g"
      + " · F \(DecimalText.rounded(fat, decimals: 1)) g"
  }

  /// The micronutrients sorted by name, for deterministic output.
  public var sortedMicronutrients: [(name: String, value: Double)] {
    micronutrients.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
  }
}
