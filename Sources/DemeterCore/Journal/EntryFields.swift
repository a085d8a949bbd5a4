/// The keys of a journal entry line (SPEC §2), in canonical order.
public enum EntryField: String, CaseIterable, Sendable {
  case schemaVersion, id, timestamp, rawDescription, foodName, quantity, unit, calories, protein
  case carbohydrates, fat, fiber, sugar, confidence, matchedIngredientID, meal, tags, micronutrients, note

  /// Keys every entry must have.
  public static let required: [EntryField] = [
    .id, .timestamp, .rawDescription, .foodName, .quantity, .unit, .calories, .protein, .carbohydrates, .fat,
    .confidence,
  ]

  /// The field's position in `allCases`.
  var ordinal: Int { Self.allCases.firstIndex(of: self)! }

  /// The newest entry schema version this tool knows.
  public static let currentSchemaVersion = 1
}
