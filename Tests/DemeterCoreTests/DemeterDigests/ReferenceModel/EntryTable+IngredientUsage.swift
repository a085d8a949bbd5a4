@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EntryTable {
  /// Ingredient usage of the entries counted in `period`.
  /// - Complexity: O(rows + ingredients · log ingredients).
  public func ingredientUsage(in period: Period) -> IngredientUsageSummary {
    var entries = [Int](repeating: 0, count: ingredientIDs.count)
    var calories = [FixedSum](repeating: FixedSum(), count: ingredientIDs.count)
    var confidence = [FixedSum](repeating: FixedSum(), count: ingredientIDs.count)
    var unmatched = 0
    var unmatchedCalories = FixedSum()
    var total = 0
    let days = period.dayNumbers
    for row in 0..<count where days.contains(Int(day[row])) {
      total += 1
      let code = Int(ingredientCode[row])
      let rowCalories = FixedDecimal(billionths: nutrients[Nutrient.calories.ordinal][row])
      if code < 0 {
        unmatched += 1
        unmatchedCalories.add(rowCalories)
      } else {
        entries[code] += 1
        calories[code].add(rowCalories)
        confidence[code].add(FixedDecimal(billionths: self.confidence[row]))
      }
    }
    let used = entries.indices.filter { entries[$0] > 0 }.map {
      IngredientUsage(
        ingredientID: ingredientIDs.strings[$0], entries: entries[$0], calories: calories[$0],
        confidenceSum: confidence[$0])
    }.sorted { ($1.entries, $0.ingredientID) < ($0.entries, $1.ingredientID) }
    return IngredientUsageSummary(
      used: used, unmatchedEntries: unmatched, unmatchedCalories: unmatchedCalories, totalEntries: total)
  }

  /// The rows counted in `period`, ordered by day, time of day, then file order.
  /// - Complexity: O(rows · log rows).
  public func rows(in period: Period) -> [Int] {
    let days = period.dayNumbers
    return (0..<count).filter { days.contains(Int(day[$0])) }.sorted {
      (day[$0], secondOfDay[$0], $0) < (day[$1], secondOfDay[$1], $1)
    }
  }
}
