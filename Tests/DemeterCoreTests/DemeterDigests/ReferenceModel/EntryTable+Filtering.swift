@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EntryTable {
  /// The table with only the rows for which `isIncluded(row)` is true, in the same order.
  /// - Complexity: O(rows + micronutrient values).
  public func filter(_ isIncluded: (Int) -> Bool) -> EntryTable {
    let kept = (0..<count).filter(isIncluded)
    var newIndex = [Int32](repeating: -1, count: count)
    for (new, old) in kept.enumerated() { newIndex[old] = Int32(new) }
    var result = self
    func pick<T>(_ column: [T]) -> [T] { kept.map { column[$0] } }
    result.day = pick(day)
    result.secondOfDay = pick(secondOfDay)
    result.utcOffset = pick(utcOffset)
    result.nutrients = nutrients.map(pick)
    result.quantity = pick(quantity)
    result.confidence = pick(confidence)
    result.foodNameCode = pick(foodNameCode)
    result.unitCode = pick(unitCode)
    result.ingredientCode = pick(ingredientCode)
    result.mealCode = pick(mealCode)
    result.sourceFile = pick(sourceFile)
    result.sourceLine = pick(sourceLine)
    result.ids = ids.picking(kept)
    result.rawDescriptions = StringArena()
    for row in kept {
      result.rawDescriptions.append(rawDescriptions[row])
    }
    let keptMicronutrients = micronutrientRow.indices.filter { newIndex[Int(micronutrientRow[$0])] >= 0 }
    result.micronutrientRow = keptMicronutrients.map { newIndex[Int(micronutrientRow[$0])] }
    result.micronutrientNameCode = keptMicronutrients.map { micronutrientNameCode[$0] }
    result.micronutrientAmount = keptMicronutrients.map { micronutrientAmount[$0] }
    result.checkInvariants()
    return result
  }
}
