@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EntryTable {
  /// What is wrong with the table's columns, one sentence each; empty for a well-formed table.
  ///
  /// Every per-row column has one value per row and there is one amount column per nutrient; every
  /// dictionary code is one of its dictionary's (or -1 where the column allows "none"); every row
  /// names one of the table's files, a line from 1 and a time of day from 00:00:00 to 23:59:59; the
  /// micronutrient columns are parallel, name rows of the table in ascending order, and codes of
  /// their dictionary.
  /// - Complexity: O(rows + micronutrient amounts).
  package var invariantViolations: [String] {
    var violations: [String] = []
    func expect(_ holds: Bool, _ violation: @autoclosure () -> String) {
      if !holds { violations.append(violation()) }
    }
    func expectRows(_ column: String, _ count: Int) {
      expect(count == self.count, "\(column) has \(count) values for \(self.count) rows")
    }
    /// That every value of `column` is in `lowest..<end`.
    func expectValues(_ column: String, _ values: [Int32], from lowest: Int32 = 0, below end: Int) {
      if let bad = values.firstIndex(where: { $0 < lowest || Int($0) >= end }) {
        expect(false, "\(column)[\(bad)] is \(values[bad]), outside \(lowest)..<\(end)")
      }
    }

    expectRows("secondOfDay", secondOfDay.count)
    expectRows("utcOffset", utcOffset.count)
    expect(
      nutrients.count == Nutrient.all.count,
      "nutrients has \(nutrients.count) columns for \(Nutrient.all.count) nutrients")
    for (ordinal, column) in nutrients.enumerated() { expectRows("nutrients[\(ordinal)]", column.count) }
    expectRows("quantity", quantity.count)
    expectRows("confidence", confidence.count)
    expectRows("foodNameCode", foodNameCode.count)
    expectRows("unitCode", unitCode.count)
    expectRows("ingredientCode", ingredientCode.count)
    expectRows("mealCode", mealCode.count)
    expectRows("sourceFile", sourceFile.count)
    expectRows("sourceLine", sourceLine.count)
    expectRows("ids", ids.count)
    expectRows("rawDescriptions", rawDescriptions.count)

    expectValues("foodNameCode", foodNameCode, below: foodNames.count)
    expectValues("unitCode", unitCode, below: units.count)
    expectValues("ingredientCode", ingredientCode, from: -1, below: ingredientIDs.count)
    expectValues("mealCode", mealCode, from: -1, below: meals.count)
    expectValues("sourceFile", sourceFile, below: files.count)
    expectValues("sourceLine", sourceLine, from: 1, below: Int(Int32.max))
    expectValues("secondOfDay", secondOfDay, below: 86_400)

    let micronutrients = micronutrientRow.count
    expect(
      micronutrientNameCode.count == micronutrients && micronutrientAmount.count == micronutrients,
      "the micronutrient columns have \(micronutrients) rows, \(micronutrientNameCode.count) names "
        + "and \(micronutrientAmount.count) amounts")
    expectValues("micronutrientRow", micronutrientRow, below: count)
    let unordered = (1..<max(micronutrients, 1)).first { micronutrientRow[$0] < micronutrientRow[$0 - 1] }
    if let bad = unordered {
      expect(false, "micronutrientRow[\(bad)] is \(micronutrientRow[bad]), before the row of the one above")
    }
    expectValues("micronutrientNameCode", micronutrientNameCode, below: micronutrientNames.count)
    return violations
  }

  /// Stops a debug build when the columns break an invariant (`invariantViolations`); costs nothing
  /// in a release build, where the check is not compiled.
  func checkInvariants() {
    assert(invariantViolations.isEmpty, "EntryTable: " + invariantViolations.joined(separator: "; "))
  }
}
