@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EntryTable {
  /// Appends an entry read by the fast path; its strings are spans of `line` or of `decoded`.
  /// Gives the same columns as appending the equivalent `Entry`.
  mutating func append(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>
  ) {
    precondition(!files.isEmpty, "beginFile must be called before append")
    func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
    }
    let index = Int32(count)
    appendRow(
      timestamp: entry.timestamp,
      quantity: entry.quantity, amounts: entry.amounts,
      confidence: entry.confidence,
      foodName: foodNames.code(forUTF8: bytes(entry.foodName)), unit: units.code(forUTF8: bytes(entry.unit)),
      ingredient: entry.matchedIngredientID.map { ingredientIDs.code(forUTF8: bytes($0)) } ?? -1,
      meal: entry.meal.map { meals.code(forUTF8: bytes($0)) } ?? -1, line: entry.line)
    ids.append(uuid: entry.idValue, hasCapitals: entry.idHasCapitals, utf8: bytes(entry.id))
    rawDescriptions.append(utf8: bytes(entry.rawDescription))
    for (name, amount) in zip(entry.micronutrientNames, entry.micronutrientAmounts) {
      micronutrientRow.append(index)
      micronutrientNameCode.append(micronutrientNames.code(forUTF8: bytes(name)))
      micronutrientAmount.append(amount)
    }
  }
}
