/// One validated journal entry in the exact form the table stores: numbers as fixed-point decimals.
/// Its timestamp is already in the zone the report counts days in (SPEC §2, "Which day an entry
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
  public var micronutrients: [(name: String, amount: FixedDecimal)]
  /// 1-based line in the source file.
  public var line: Int

  public init(
    timestamp: Timestamp, id: String, rawDescription: String, foodName: String,
    quantity: FixedDecimal, unit: String, calories: FixedDecimal, protein: FixedDecimal,
    carbohydrates: FixedDecimal, fat: FixedDecimal, fiber: FixedDecimal? = nil, sugar: FixedDecimal? = nil,
    confidence: FixedDecimal, matchedIngredientID: String? = nil, meal: String? = nil,
    micronutrients: [(name: String, amount: FixedDecimal)] = [], line: Int
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

  public static func == (a: TableRow, b: TableRow) -> Bool {
    a.id == b.id && a.timestamp == b.timestamp && a.rawDescription == b.rawDescription
      && a.foodName == b.foodName && a.quantity == b.quantity && a.unit == b.unit && a.calories == b.calories
      && a.protein == b.protein && a.carbohydrates == b.carbohydrates && a.fat == b.fat && a.fiber == b.fiber
      && a.sugar == b.sugar && a.confidence == b.confidence && a.matchedIngredientID == b.matchedIngredientID
      && a.meal == b.meal && a.line == b.line
      && a.micronutrients.map(\.name) == b.micronutrients.map(\.name)
      && a.micronutrients.map(\.amount) == b.micronutrients.map(\.amount)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(line)
  }
}
