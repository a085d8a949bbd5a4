import DemeterCore

/// Field values for the entry contracts, shaped like generated journal lines (some with fiber and
/// sugar, a meal, tags, a micronutrient) and varied, so no call repeats the one before.
struct EntrySamples: Sendable {
  struct Fields: Sendable {
    var id: String
    var timestamp: Timestamp
    var rawDescription: String
    var foodName: String
    var quantity: Double
    var unit: String
    var calories, protein, carbohydrates, fat, confidence: Double
    var matchedIngredientID: String?
    var fiber, sugar: Double?
    var meal: Meal?
    var tags: [String]
    var micronutrients: [String: Double]
  }

  static let count = 1024
  private static let foods = [
    ("scrambled eggs", "large"), ("whole milk", "cup"), ("steamed broccoli", "cup"), ("arepa", "piece"),
    ("fettuccine alfredo", "plate"), ("crème fraîche", "tbsp"), ("banana", "medium"), ("jambalaya", "cup"),
  ]

  let fields: [Fields]

  init() {
    fields = (0..<Self.count).map { index in
      let (food, unit) = Self.foods[index % Self.foods.count]
      let hex = String(index, radix: 16)
      let scale = Double(index % 17 + 1)
      return Fields(
        id: "6f0c9a52-3c1e-4a57-9a52-" + String(repeating: "0", count: 12 - hex.count) + hex,
        timestamp: Timestamp(
          localDate: CivilDate(dayNumber: 20_000 + index / 8), secondOfDay: 25_200 + index * 97 % 50_000,
          utcOffsetSeconds: -18_000),
        rawDescription: "\(index % 3 + 1) \(unit) of \(food)", foodName: food,
        quantity: Double(index % 3 + 1),
        unit: unit, calories: 50 * scale, protein: 1.5 * scale, carbohydrates: 4 * scale, fat: 2 * scale,
        confidence: Double(index % 101) / 100,
        matchedIngredientID: index % 5 == 0 ? nil : "usda-sr-\(10_000 + index % 900)",
        fiber: index % 3 == 0 ? 0.4 * scale : nil, sugar: index % 3 == 0 ? 0.7 * scale : nil,
        meal: Meal.allCases[index % Meal.allCases.count], tags: index % 4 == 0 ? ["vegan"] : [],
        micronutrients: index % 8 == 0 ? ["sodium_mg": 31 * scale] : [:])
    }
  }

  /// Creates (and so validates) the entry of sample `index % count`.
  func entry(_ index: Int) throws(FoodEntryValidationError) -> FoodEntry {
    let f = fields[index % Self.count]
    return try FoodEntry(
      id: f.id, timestamp: f.timestamp, rawDescription: f.rawDescription, foodName: f.foodName,
      quantity: f.quantity, unit: f.unit, calories: f.calories, protein: f.protein,
      carbohydrates: f.carbohydrates, fat: f.fat, confidence: f.confidence,
      matchedIngredientID: f.matchedIngredientID, fiber: f.fiber, sugar: f.sugar, meal: f.meal, tags: f.tags,
      micronutrients: f.micronutrients)
  }
}
