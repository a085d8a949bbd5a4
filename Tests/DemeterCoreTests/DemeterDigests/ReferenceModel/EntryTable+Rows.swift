@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EntryTable {
  /// Every row as a `Entry` (in row order), with its row number.
  /// - Complexity: O(n) for n rows and their micronutrients.
  func forEachRow(_ body: (Int, Entry) -> Void) {
    var micronutrientsOfRow = [[MicronutrientAmount]](repeating: [], count: count)
    forEachMicronutrient { row, amount in micronutrientsOfRow[row].append(amount) }
    for row in 0..<count {
      body(
        row,
        Entry(
          timestamp: timestamp(ofRow: row), id: id(ofRow: row), rawDescription: rawDescription(ofRow: row),
          foodName: foodName(ofRow: row), quantity: quantity(ofRow: row), unit: unit(ofRow: row),
          amounts: amounts(ofRow: row), confidence: confidence(ofRow: row),
          matchedIngredientID: ingredientID(ofRow: row), meal: meal(ofRow: row),
          micronutrients: micronutrientsOfRow[row], line: Int(sourceLine[row])))
    }
  }
}

extension EntryTable {
  /// Every row as an export gives it (without tags, notes or lines, which a table does not keep),
  /// in row order.
  var exportedEntries: [ExportedEntry] {
    var entries: [ExportedEntry] = []
    entries.reserveCapacity(count)
    forEachRow { row, entry in entries.append(ExportedEntry(row: entry, path: files[Int(sourceFile[row])])) }
    return entries
  }
}

extension JournalDigests {
  /// The digests of the table's rows, held in memory (`init(entries:rules:)`).
  init(table: EntryTable, rules: DigestRules = DigestRules()) {
    self.init(entries: table.exportedEntries, rules: rules)
  }
}
