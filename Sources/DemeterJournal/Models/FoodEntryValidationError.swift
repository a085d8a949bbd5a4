import DemeterFoundation
/// Why a `FoodEntry` breaks a rule of the journal format (manual: journal; entry lines).
public enum FoodEntryValidationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `quantity` is not a finite number greater than 0. Carries the offending value.
  case invalidQuantity(Double)
  /// `foodName` is empty or only whitespace.
  case emptyFoodName
  /// A nutrient is negative or not finite. `field` is its journal key (`calories`, `fiber`,
  /// `micronutrients.sodium_mg`), `value` the offending value.
  case negativeNutrition(field: String, value: Double)
  /// `confidence` is not a number from 0 to 1 (NaN included). Carries the offending value.
  case invalidConfidence(Double)
  /// `alcohol` and `micronutrients.alcohol_g`, both written, differ. Carries both amounts.
  case conflictingAlcohol(Double, Double)

  /// What is wrong and how to fix it, naming the journal key.
  public var message: String {
    switch self {
    case .invalidQuantity(let value):
      return "\"quantity\" must be a finite number greater than 0, got \(DecimalText.shortest(value)); "
        + "write how much was eaten in the entry's unit, e.g. 1 or 0.5"
    case .emptyFoodName:
      return "\"foodName\" must not be empty or only spaces; name the food, e.g. \"scrambled eggs\""
    case .negativeNutrition(let field, let value):
      return "\"\(field)\" must be a finite number ≥ 0, got \(DecimalText.shortest(value)); "
        + "write 0 when the food has none"
    case .invalidConfidence(let value):
      return "\"confidence\" must be a number from 0 to 1, got \(DecimalText.shortest(value)); "
        + "write 1 for an entry you are sure of"
    case .conflictingAlcohol(let alcohol, let micronutrient):
      return "\"alcohol\" is \(DecimalText.shortest(alcohol)) g but \"micronutrients.alcohol_g\" is "
        + "\(DecimalText.shortest(micronutrient)); both are the entry's alcohol, so keep one"
    }
  }

  public var description: String { message }

  /// The journal key the problem is in (`quantity`, `foodName`, `calories`, `micronutrients`, …).
  public var fieldName: String {
    switch self {
    case .invalidQuantity: return "quantity"
    case .emptyFoodName: return "foodName"
    case .negativeNutrition(let field, _): return String(field.prefix { $0 != "." })
    case .invalidConfidence: return "confidence"
    case .conflictingAlcohol: return "alcohol"
    }
  }
}
