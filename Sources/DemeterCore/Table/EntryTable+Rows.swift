extension EntryTable {
  /// Every row as a `TableRow` (in row order), with its row number.
  /// - Complexity: O(n) for n rows and their micronutrients.
  func forEachRow(_ body: (Int, TableRow) -> Void) {
    var micronutrientsOfRow = [[MicronutrientAmount]](repeating: [], count: count)
    for record in micronutrientRow.indices {
      micronutrientsOfRow[Int(micronutrientRow[record])].append(
        MicronutrientAmount(
          name: micronutrientNames[micronutrientNameCode[record]],
          amount: FixedDecimal(billionths: micronutrientAmount[record])))
    }
    for row in 0..<count {
      body(
        row,
        TableRow(
          timestamp: timestamp(ofRow: row), id: ids[row], rawDescription: rawDescriptions[row],
          foodName: foodNames[foodNameCode[row]], quantity: FixedDecimal(billionths: quantity[row]),
          unit: units[unitCode[row]], amounts: amounts(ofRow: row),
          confidence: FixedDecimal(billionths: confidence[row]), matchedIngredientID: ingredientID(ofRow: row),
          meal: meal(ofRow: row), micronutrients: micronutrientsOfRow[row], line: Int(sourceLine[row])))
    }
  }
}
