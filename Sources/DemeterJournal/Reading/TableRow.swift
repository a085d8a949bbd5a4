import DemeterFoundation

/// One validated journal entry as the strict decoder gives it: numbers as fixed-point decimals.
/// Its timestamp is already in the zone the report counts days in (manual: journal, "Which day an entry
/// counts for"), so `timestamp.localDate` is the day the entry counts for.
public struct TableRow: Sendable, Hashable {
  public var timestamp: Timestamp
  public var id: String
  public var rawDescription: String
  public var foodName: String
  public var quantity: FixedDecimal
  public var unit: String
  public var calories: FixedDecimal
  public var protein: FixedDecimal
  public var carbohydrates: FixedDecimal
  public var fat: FixedDecimal
  public var fiber: FixedDecimal?
  public var sugar: FixedDecimal?
  public var confidence: FixedDecimal
  public var matchedIngredientID: String?
  public var meal: String?
  /// Micronutrient name → amount, in the order written.
  public var micronutrients: [MicronutrientAmount]
  /// 1-based line in the source file.
  public var line: Int

  public init(
    timestamp: Timestamp, id: String, rawDescription: String, foodName: String,
    quantity: FixedDecimal, unit: String, calories: FixedDecimal, protein: FixedDecimal,
    carbohydrates: FixedDecimal, fat: FixedDecimal, fiber: FixedDecimal? = nil, sugar: FixedDecimal? = nil,
    confidence: FixedDecimal, matchedIngredientID: String? = nil, meal: String? = nil,
    micronutrients: [MicronutrientAmount] = [], line: Int
  ) {
    self.timestamp = timestamp
    self.id = id
    self.rawDescription = rawDescription
    self.foodName = foodName
    self.quantity = quantity
    self.unit = unit
    self.calories = calories
    self.protein = protein
    self.carbohydrates = carbohydrates
    self.fat = fat
    self.fiber = fiber
    self.sugar = sugar
    self.confidence = confidence
    self.matchedIngredientID = matchedIngredientID
    self.meal = meal
    self.micronutrients = micronutrients
    self.line = line
  }

}

/// One micronutrient of an entry, e.g. `sodium_mg` 310.
public struct MicronutrientAmount: Sendable, Hashable {
  public var name: String
  public var amount: FixedDecimal

  public init(name: String, amount: FixedDecimal) {
    self.name = name
    self.amount = amount
  }
}

extension TableRow {
  /// A row with the nutrient `amounts` (optional ones stated, 0 where absent).
  package init(
    timestamp: Timestamp, id: String, rawDescription: String, foodName: String, quantity: FixedDecimal,
    unit: String, amounts: NutrientAmounts, confidence: FixedDecimal, matchedIngredientID: String?,
    meal: String?, micronutrients: [MicronutrientAmount], line: Int
  ) {
    func amount(_ nutrient: Nutrient) -> FixedDecimal { FixedDecimal(billionths: amounts[nutrient]) }
    self.init(
      timestamp: timestamp, id: id, rawDescription: rawDescription, foodName: foodName, quantity: quantity,
      unit: unit, calories: amount(.calories), protein: amount(.protein),
      carbohydrates: amount(.carbohydrates),
      fat: amount(.fat), fiber: amount(.fiber), sugar: amount(.sugar), confidence: confidence,
      matchedIngredientID: matchedIngredientID, meal: meal, micronutrients: micronutrients, line: line)
  }

  /// Whether the row states `nutrient`: a required one always, an optional one when not nil (a
  /// decoded line's rows leave out what the line does not state; rows made from amounts state 0).
  public func states(_ nutrient: Nutrient) -> Bool {
    switch nutrient {
    case .fiber: fiber != nil
    case .sugar: sugar != nil
    default: true
    }
  }

  /// The row's nutrient amounts (absent optional nutrients as 0).
  public var amounts: NutrientAmounts {
    var amounts = NutrientAmounts()
    amounts[.calories] = calories.billionths
    amounts[.protein] = protein.billionths
    amounts[.carbohydrates] = carbohydrates.billionths
    amounts[.fat] = fat.billionths
    amounts[.fiber] = fiber?.billionths ?? 0
    amounts[.sugar] = sugar?.billionths ?? 0
    return amounts
  }
}
