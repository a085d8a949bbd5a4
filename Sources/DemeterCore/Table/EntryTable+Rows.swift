extension EntryTable {
  /// Every row as a `TableRow` (in row order), with its row number.
  /// - Complexity: O(n) for n rows and their micronutrients.
  func forEachRow(_ body: (Int, TableRow) -> Void) {
    var micronutrientsOfRow = [[MicronutrientAmount]](repeating: [], count: count)
    forEachMicronutrient { row, amount in micronutrientsOfRow[row].append(amount) }
    for row in 0..<count {
      body(
        row,
        TableRow(
          timestamp: timestamp(ofRow: row), id: id(ofRow: row), rawDescription: rawDescription(ofRow: row),
          foodName: foodName(ofRow: row), quantity: quantity(ofRow: row), unit: unit(ofRow: row),
          amounts: amounts(ofRow: row), confidence: confidence(ofRow: row),
          matchedIngredientID: ingredientID(ofRow: row), meal: meal(ofRow: row),
          micronutrients: micronutrientsOfRow[row], line: Int(sourceLine[row])))
    }
  }
}
