@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EnergyConsistencyTolerance {
  /// Each row's alcohol in billionths of a gram, as `alcohol(own:ingredientID:foodName:calories:)`
  /// gives it (an unmatched row's by its food name).
  /// - Complexity: O(rows + micronutrient records).
  func alcoholByRow(in table: EntryTable) -> [Int64] {
    var own = [Int64?](repeating: nil, count: table.count)
    if let index = table.micronutrientNames.strings.firstIndex(of: IngredientAlcohol.micronutrient) {
      let code = Int32(index)
      for record in table.micronutrientRow.indices where table.micronutrientNameCode[record] == code {
        own[Int(table.micronutrientRow[record])] = table.micronutrientAmount[record]
      }
    }
    return (0..<table.count).map { row in
      let code = table.ingredientCode[row]
      return alcohol(
        own: own[row], ingredientID: code >= 0 ? table.ingredientIDs[code] : nil,
        foodName: table.foodName(ofRow: row), calories: table.nutrients[Nutrient.calories.ordinal][row])
    }
  }
}
