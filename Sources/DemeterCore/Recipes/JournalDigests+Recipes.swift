import DemeterDigests
import DemeterFoundation
import DemeterJournal

/// One recipe's share of a period: the entries logged from it (`matchedIngredientID` `recipe:ID`,
/// as `add --recipe` writes them), from the day digests' per-ingredient tallies.
public struct RecipeUse: Sendable, Hashable {
  public var recipeID: String
  public var entries: Int
  public var calories: FixedSum
}

/// An entry logged from a recipe, as the journal stores it.
public struct RecipeEntry: Sendable, Hashable {
  public var id: String
  public var date: CivilDate
  public var foodName: String
  public var recipeID: String
  /// The entry's quantity: the servings eaten, as `add --recipe` writes them.
  public var servings: FixedDecimal
  /// The stored amount of each entry nutrient, by `Nutrient.ordinal` (0 where not stated).
  public var nutrients: [FixedDecimal]
  public var location: SourceLocation
  /// Whether the entry is marked reviewed.
  public var reviewed: Bool
  /// The entry as a review list shows it, for the reason that its recipe changed.
  public var flagged: FlaggedEntry

  /// The amounts `add --recipe` would log for this entry's servings of a recipe whose nutrition is
  /// `nutrition` (`RecipeNutrition.logged(servings:)`, 0 where the recipe has no value); nil on
  /// overflow.
  public func logged(from nutrition: RecipeNutrition) -> [FixedDecimal]? {
    nutrition.logged(servings: servings).map { logged in Nutrient.all.map { logged.nutrients[$0] ?? .zero } }
  }

  /// Whether the recipe changed since the entry was logged: its stored nutrients differ from what
  /// `add --recipe` would log now from `nutrition`.
  public func differs(from nutrition: RecipeNutrition) -> Bool {
    logged(from: nutrition) != nutrients
  }
}

extension IngredientUsageSummary {
  /// The recipes the entries were logged from: most entries first, then by id.
  public var recipeUses: [RecipeUse] {
    used.compactMap { usage in
      Recipe.id(fromReference: usage.ingredientID).map {
        RecipeUse(recipeID: $0, entries: usage.entries, calories: usage.calories)
      }
    }
  }
}

extension JournalDigests {
  /// The recipes the entries of `period` were logged from (`IngredientUsageSummary.recipeUses`):
  /// none, without merging the period's detail, when no name of the journal refers to a recipe.
  public func recipeUses(in period: Period) -> [RecipeUse] {
    let namesRecipe = keepsOnlyTotals || names.strings.contains { Recipe.id(fromReference: $0) != nil }
    guard namesRecipe else { return [] }
    return ingredientUsage(in: period).recipeUses
  }

  /// The entries of `period` logged from a recipe, in list order (date, time, file and line). Only
  /// the dates whose digests tally a recipe are read from their files.
  /// - Complexity: the detail of the period's dates, plus the parse of the files of the dates
  ///   with recipe entries.
  public func recipeEntries(in period: Period) -> [RecipeEntry] {
    if keepsOnlyTotals { return withDetail.recipeEntries(in: period) }
    let positions = Array(indices(in: period))
    let dayDetails = details.details(ofDaysAt: positions)
    var entries: [RecipeEntry] = []
    for (position, detail) in zip(positions, dayDetails)
    where detail.ingredients.contains(where: { Recipe.id(fromReference: names[$0.code]) != nil }) {
      forEachDate(ofExportedEntriesIn: Period(day: days[position].date)) { read in
        for entry in read {
          let row = entry.row
          guard let reference = row.matchedIngredientID, let recipeID = Recipe.id(fromReference: reference)
          else { continue }
          let amounts = row.amounts
          entries.append(
            RecipeEntry(
              id: row.id, date: row.timestamp.localDate, foodName: row.foodName, recipeID: recipeID,
              servings: row.quantity, nutrients: Nutrient.all.map { FixedDecimal(billionths: amounts[$0]) },
              location: SourceLocation(path: entry.path, line: row.line, column: 1), reviewed: row.reviewed,
              flagged: FlaggedEntry(row, reasons: .recipeChanged)))
        }
      }
    }
    return entries
  }
}
