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

extension EntryTable {
  /// The entries counted in `period` as an export gives them (without tags, notes or lines, which a
  /// table does not keep), a date at a time in date order, each date's in list order (time, then
  /// row order).
  /// - Complexity: O(n log n) for n rows.
  func exportedEntries(in period: Period) -> [[ExportedEntry]] {
    var byDay: [Int32: [(second: Int32, row: Int, entry: ExportedEntry)]] = [:]
    forEachRow { row, entry in
      guard period.dayNumbers.contains(Int(day[row])) else { return }
      byDay[day[row], default: []].append(
        (secondOfDay[row], row, ExportedEntry(row: entry, path: files[Int(sourceFile[row])], tags: [], note: nil, canonicalLine: [])))
    }
    return byDay.keys.sorted().map { day in
      byDay[day]!.sorted { ($0.second, $0.row) < ($1.second, $1.row) }.map(\.entry)
    }
  }
}
