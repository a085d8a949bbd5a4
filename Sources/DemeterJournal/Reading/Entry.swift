import DemeterFoundation

/// One validated journal entry, as the strict decoder and the scanner (`ScannedEntry`, its byte spans
/// made strings) both give it: numbers as fixed-point decimals, the nutrients by `Nutrient`. Its
/// timestamp is already in the zone the report counts days in (manual: journal, "Which day an entry
/// counts for"), so `timestamp.localDate` is the day the entry counts for. `FoodEntry`, the model
/// that writers build, is made from one (`FoodEntry(row:object:)`).
public struct Entry: Sendable, Hashable {
  public var timestamp: Timestamp
  public var id: String
  public var rawDescription: String
  public var foodName: String
  public var quantity: FixedDecimal
  public var unit: String
  /// The amount of every nutrient in billionths (an optional one the line does not state is 0).
  public var amounts: NutrientAmounts
  /// Which nutrients the line states, by `Nutrient.ordinal` (every required one).
  private var statedOrdinals: UInt8
  public var confidence: FixedDecimal
  public var matchedIngredientID: String?
  public var meal: String?
  /// Micronutrient name → amount, in the order written.
  public var micronutrients: [MicronutrientAmount]
  /// Whether a person marked the entry reviewed (`"reviewed": true`): it is on no review list.
  public var reviewed: Bool
  /// 1-based line in the source file.
  public var line: Int

  /// A row with the nutrient `amounts`, of which the line states the nutrients `states` says (every
  /// required one whatever it says; an optional one not stated is 0).
  public init(
    timestamp: Timestamp, id: String, rawDescription: String, foodName: String, quantity: FixedDecimal,
    unit: String, amounts: NutrientAmounts, states: (Nutrient) -> Bool = { _ in true },
    confidence: FixedDecimal, matchedIngredientID: String? = nil, meal: String? = nil,
    micronutrients: [MicronutrientAmount] = [], reviewed: Bool = false, line: Int
  ) {
    self.reviewed = reviewed
    self.timestamp = timestamp
    self.id = id
    self.rawDescription = rawDescription
    self.foodName = foodName
    self.quantity = quantity
    self.unit = unit
    var amounts = amounts
    var stated: UInt8 = 0
    for nutrient in Nutrient.all {
      if nutrient.isRequired || states(nutrient) {
        stated |= 1 << nutrient.ordinal
      } else {
        amounts[nutrient] = 0
      }
    }
    self.amounts = amounts
    statedOrdinals = stated
    self.confidence = confidence
    self.matchedIngredientID = matchedIngredientID
    self.meal = meal
    self.micronutrients = micronutrients
    self.line = line
  }

  /// A row with each nutrient named (an optional one nil when the line does not state it).
  public init(
    timestamp: Timestamp, id: String, rawDescription: String, foodName: String,
    quantity: FixedDecimal, unit: String, calories: FixedDecimal, protein: FixedDecimal,
    carbohydrates: FixedDecimal, fat: FixedDecimal, fiber: FixedDecimal? = nil, sugar: FixedDecimal? = nil,
    confidence: FixedDecimal, matchedIngredientID: String? = nil, meal: String? = nil,
    micronutrients: [MicronutrientAmount] = [], line: Int
  ) {
    self.init(
      timestamp: timestamp, id: id, rawDescription: rawDescription, foodName: foodName, quantity: quantity,
      unit: unit, amounts: NutrientAmounts(), states: \.isRequired, confidence: confidence,
      matchedIngredientID: matchedIngredientID, meal: meal, micronutrients: micronutrients, line: line)
    self[.calories] = calories
    self[.protein] = protein
    self[.carbohydrates] = carbohydrates
    self[.fat] = fat
    self[.fiber] = fiber
    self[.sugar] = sugar
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

extension Entry {
  /// Whether the row states `nutrient`: a required one always, an optional one when the line has it.
  public func states(_ nutrient: Nutrient) -> Bool { statedOrdinals & (1 << nutrient.ordinal) != 0 }

  /// The amount of `nutrient`, nil for an optional one the line does not state.
  public subscript(nutrient: Nutrient) -> FixedDecimal? {
    get { states(nutrient) ? FixedDecimal(billionths: amounts[nutrient]) : nil }
    set {
      amounts[nutrient] = newValue?.billionths ?? 0
      if newValue != nil || nutrient.isRequired {
        statedOrdinals |= 1 << nutrient.ordinal
      } else {
        statedOrdinals &= ~(1 << nutrient.ordinal)
      }
    }
  }

  public var calories: FixedDecimal {
    get { self[.calories]! }
    set { self[.calories] = newValue }
  }
  public var protein: FixedDecimal {
    get { self[.protein]! }
    set { self[.protein] = newValue }
  }
  public var carbohydrates: FixedDecimal {
    get { self[.carbohydrates]! }
    set { self[.carbohydrates] = newValue }
  }
  public var fat: FixedDecimal {
    get { self[.fat]! }
    set { self[.fat] = newValue }
  }
  public var fiber: FixedDecimal? {
    get { self[.fiber] }
    set { self[.fiber] = newValue }
  }
  public var sugar: FixedDecimal? {
    get { self[.sugar] }
    set { self[.sugar] = newValue }
  }
}
