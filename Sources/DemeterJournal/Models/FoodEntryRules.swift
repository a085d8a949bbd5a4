/// The value rules of a food entry (manual: journal), one check per field, shared by `FoodEntry.validate()`
/// and the journal reader (which reports each broken rule at its own value).
public enum FoodEntryRules {
  /// `foodName` must not be empty after trimming whitespace (Unicode White_Space, line ends included).
  public static func checkFoodName(_ name: String) -> FoodEntryValidationError? {
    var name = name
    return name.withUTF8 { hasNonWhitespace(utf8: $0) } ? nil : .emptyFoodName
  }

  /// Whether valid UTF-8 `bytes` contain a character that is not Unicode White_Space.
  static func hasNonWhitespace(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // ASCII first: White_Space there is only tab to carriage return and space.
    if bytes.contains(where: { $0 < 0x80 && $0 != 0x20 && !(0x09...0x0D).contains($0) }) { return true }
    var iterator = bytes.makeIterator()
    var decoder = Unicode.UTF8()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      if !scalar.properties.isWhitespace { return true }
    }
    return false
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
