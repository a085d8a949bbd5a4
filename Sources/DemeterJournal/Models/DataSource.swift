/// Where an ingredient's nutrition data comes from, as written in the ingredient file's `source` key.
public enum DataSource: String, Sendable, Hashable, Codable, CaseIterable {
  /// The USDA nutrient database (e.g. SR28 / SR Legacy).
  case usda
  /// The Nutritionix database.
  case nutritionix
  /// Entered by the journal's owner.
  case custom
  /// Contributed by another user and not yet checked.
  case userContributed
}
