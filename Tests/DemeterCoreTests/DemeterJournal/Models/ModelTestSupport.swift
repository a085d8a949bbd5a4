import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The model tests (manual: journal), grouped so `swift test --filter Model` runs them all.
@Suite enum ModelTests {}

/// Builders shared by the model tests.
enum ModelFixtures {
  static let day = CivilDate(year: 2026, month: 11, day: 21)!

  /// A timestamp on `date` at `hour:minute` with a -05:00 offset.
  static func timestamp(_ hour: Int, _ minute: Int = 0, on date: CivilDate = day) -> Timestamp {
    Timestamp(localDate: date, secondOfDay: hour * 3600 + minute * 60, utcOffsetSeconds: -5 * 3600)
  }

  /// The scrambled-eggs line of the manual's `journal` topic, with any field replaced.
  static func entry(
    id: String = "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11",
    timestamp: Timestamp = timestamp(8, 15),
    foodName: String = "scrambled eggs",
    quantity: Double = 2,
    calories: Double = 182,
    protein: Double = 12.2,
    carbohydrates: Double = 2.0,
    fat: Double = 13.4,
    confidence: Double = 0.92,
    fiber: Double? = nil,
    sugar: Double? = nil,
    micronutrients: [String: Double] = [:]
  ) throws(FoodEntryValidationError) -> FoodEntry {
    try FoodEntry(
      id: id, timestamp: timestamp, rawDescription: "two scrambled eggs with butter", foodName: foodName,
      quantity: quantity, unit: "large", calories: calories, protein: protein,
      carbohydrates: carbohydrates, fat: fat, confidence: confidence, matchedIngredientID: "usda-sr-01132",
      fiber: fiber, sugar: sugar, micronutrients: micronutrients)
  }

  /// A JSON object with `members` in order (offsets 0, as an encoder writes them).
  static func object(_ members: [(String, JSONValue)]) -> JSONObject {
    JSONObject(members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) })
  }

  /// A JSON number with `literal` as written.
  static func number(_ literal: String) -> JSONValue { .number(JSONNumber(literal: literal)) }

  /// A copy of `object` with `key` set to `value` (in place if present, else appended), or removed
  /// when `value` is nil.
  static func replacing(_ key: String, with value: JSONValue?, in object: JSONObject) -> JSONObject {
    var members = object.members
    if let index = members.firstIndex(where: { $0.key == key }) {
      if let value { members[index].value = value } else { members.remove(at: index) }
    } else if let value {
      members.append(JSONMember(key: key, value: value, keyOffset: 0, valueOffset: 0))
    }
    return JSONObject(members: members)
  }

  /// `usda-sr-01001` (butter, salted) exactly as the shared ingredients.jsonl writes it.
  static let butter: JSONObject = object([
    ("id", .string("usda-sr-01001")), ("name", .string("butter, salted")), ("aliases", .array([])),
    ("caloriesPer100g", number("717")), ("proteinPer100g", number("0.85")), ("carbsPer100g", number("0.06")),
    ("fatPer100g", number("81.11")), ("fiberPer100g", number("0")), ("sugarPer100g", number("0.06")),
    ("commonServingSize", number("5")), ("commonServingUnit", .string("g")),
    ("commonServingDescription", .string("1 pat (1\" sq, 1/3\" high)")), ("category", .string("fat")),
    ("subcategory", .string("Dairy and Egg Products")), ("source", .string("usda")),
    ("verificationStatus", .string("verified")),
    (
      "micronutrientsPer100g",
      .object(
        object(
          [
            ("sodium_mg", "643"), ("potassium_mg", "24"), ("calcium_mg", "24"), ("iron_mg", "0.02"),
            ("magnesium_mg", "2"), ("phosphorus_mg", "24"), ("zinc_mg", "0.09"), ("copper_mg", "0"),
            ("manganese_mg", "0"), ("selenium_ug", "1"), ("vitamin_c_mg", "0"), ("vitamin_a_rae_ug", "684"),
            ("vitamin_d_ug", "0"), ("vitamin_e_mg", "2.32"), ("vitamin_k_ug", "7"), ("thiamin_mg", "0.005"),
            ("riboflavin_mg", "0.034"), ("niacin_mg", "0.042"), ("vitamin_b6_mg", "0.003"),
            ("folate_dfe_ug", "3"), ("vitamin_b12_ug", "0.17"), ("choline_mg", "18.8"),
            ("cholesterol_mg", "215"), ("saturated_fat_g", "51.368"), ("monounsaturated_fat_g", "21.021"),
            ("polyunsaturated_fat_g", "3.043"), ("trans_fat_g", "3.278"), ("caffeine_mg", "0"),
            ("alcohol_g", "0"), ("water_g", "15.87"),
          ].map { ($0.0, number($0.1)) }))
    ),
    (
      "portions",
      .array([
        portion("1", "pat (1\" sq, 1/3\" high)", "5"), portion("1", "tbsp", "14.2"),
        portion("1", "cup", "227"), portion("1", "stick", "113"),
      ])
    ),
    ("sourceRef", .string("USDA SR28 NDB 01001")),
  ])

  /// `usda-sr-02010` (ground cinnamon, alias "cassia") as the shared file writes it, micronutrients cut
  /// to the first three.
  static let cinnamon: JSONObject = object([
    ("id", .string("usda-sr-02010")), ("name", .string("spices, cinnamon, ground")),
    ("aliases", .array([.string("cassia")])), ("caloriesPer100g", number("247")),
    ("proteinPer100g", number("3.99")), ("carbsPer100g", number("80.59")), ("fatPer100g", number("1.24")),
    ("fiberPer100g", number("53.1")), ("sugarPer100g", number("2.17")), ("commonServingSize", number("2.6")),
    ("commonServingUnit", .string("g")), ("commonServingDescription", .string("1 tsp")),
    ("category", .string("condiment")), ("subcategory", .string("Spices and Herbs")),
    ("source", .string("usda")), ("verificationStatus", .string("verified")),
    (
      "micronutrientsPer100g",
      .object(
        object([("sodium_mg", number("10")), ("potassium_mg", number("431")), ("calcium_mg", number("1002"))])
      )
    ),
    ("portions", .array([portion("1", "tsp", "2.6"), portion("1", "tbsp", "7.8")])),
    ("sourceRef", .string("USDA SR28 NDB 02010")),
  ])

  /// `usda-sr-06178` (salsa): no sugar, no portions, no serving description; micronutrients cut to two.
  static let salsa: JSONObject = object([
    ("id", .string("usda-sr-06178")), ("name", .string("usda commodity, salsa")), ("aliases", .array([])),
    ("caloriesPer100g", number("36")), ("proteinPer100g", number("1.5")), ("carbsPer100g", number("7")),
    ("fatPer100g", number("0.2")), ("fiberPer100g", number("1.4")), ("commonServingSize", number("100")),
    ("commonServingUnit", .string("g")), ("category", .string("condiment")),
    ("subcategory", .string("Soups, Sauces, and Gravies")), ("source", .string("usda")),
    ("verificationStatus", .string("verified")),
    ("micronutrientsPer100g", .object(object([("sodium_mg", number("430")), ("water_g", number("89.7"))]))),
    ("sourceRef", .string("USDA SR28 NDB 06178")),
  ])

  static func portion(_ amount: String, _ unit: String, _ grams: String) -> JSONValue {
    .object(object([("amount", number(amount)), ("unit", .string(unit)), ("grams", number(grams))]))
  }
}
