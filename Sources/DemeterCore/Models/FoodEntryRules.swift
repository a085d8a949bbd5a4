/// The value rules of a food entry (SPEC §2), one check per field, shared by `FoodEntry.validate()`
/// and the journal reader (which reports each broken rule at its own value).
public enum FoodEntryRules {
  /// `foodName` must not be empty after trimming whitespace (Unicode White_Space, line ends included).
  public static func checkFoodName(_ name: String) -> FoodEntryValidationError? {
    name.unicodeScalars.contains { !$0.properties.isWhitespace } ? nil : .emptyFoodName
  }

  /// `quantity` must be finite and greater than 0.
  public static func checkQuantity(_ quantity: Double) -> FoodEntryValidationError? {
    quantity.isFinite && quantity > 0 ? nil : .invalidQuantity(quantity)
  }

  /// Nutrients (and fiber, sugar, micronutrients) must be finite and ≥ 0. `field` is the journal key.
  public static func checkNutrient(_ field: String, _ value: Double) -> FoodEntryValidationError? {
    value.isFinite && value >= 0 ? nil : .negativeNutrition(field: field, value: value)
  }

  /// `confidence` must be from 0 to 1 (NaN is not).
  public static func checkConfidence(_ confidence: Double) -> FoodEntryValidationError? {
    confidence >= 0 && confidence <= 1 ? nil : .invalidConfidence(confidence)
  }
}
