import DemeterFoundation

/// How often a period's entries reference each ingredient, and how well they matched (manual: reports
/// `ingredients` report; usage counts come from the journal, the manual's `journal` topic).
public struct IngredientUsage: Sendable, Hashable {
  public var ingredientID: String
  public var entries: Int
  public var calories: FixedSum
  /// Sum of the referencing entries' confidences (the mean's numerator).
  public var confidenceSum: FixedSum
}

/// The ingredient usage of a period.
public struct IngredientUsageSummary: Sendable, Hashable {
  /// Ingredients by number of entries (most first), then id.
  public var used: [IngredientUsage]
  /// Entries without a matched ingredient.
  public var unmatchedEntries: Int
  public var unmatchedCalories: FixedSum
  public var totalEntries: Int

  /// The share of entries with a matched ingredient (0 without entries).
  public var matchedShare: Double {
    totalEntries == 0 ? 0 : Double(totalEntries - unmatchedEntries) / Double(totalEntries)
  }
}
