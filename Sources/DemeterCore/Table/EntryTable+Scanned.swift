extension EntryTable {
  /// Appends an entry read by the fast path; its strings are spans of `line` or of `decoded`.
  /// Gives the same columns as appending the equivalent `TableRow`.
  mutating func append(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>
  ) {
    precondition(!files.isEmpty, "beginFile must be called before append")
    func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
    }
    let index = Int32(count)
    day.append(Int32(entry.timestamp.localDate.dayNumber))
    secondOfDay.append(Int32(entry.timestamp.secondOfDay))
    utcOffset.append(entry.timestamp.utcOffsetSeconds.map { Int32($0) } ?? Int32.min)
    calories.append(entry.calories)
    protein.append(entry.protein)
    carbohydrates.append(entry.carbohydrates)
    fat.append(entry.fat)
    fiber.append(entry.fiber)
    sugar.append(entry.sugar)
    quantity.append(entry.quantity)
    confidence.append(entry.confidence)
    foodNameCode.append(foodNames.code(forUTF8: bytes(entry.foodName)))
    unitCode.append(units.code(forUTF8: bytes(entry.unit)))
    ingredientCode.append(entry.matchedIngredientID.map { ingredientIDs.code(forUTF8: bytes($0)) } ?? -1)
    mealCode.append(entry.meal.map { meals.code(forUTF8: bytes($0)) } ?? -1)
    sourceFile.append(Int32(files.count - 1))
    sourceLine.append(Int32(entry.line))
    ids.append(uuid: entry.idValue, utf8: bytes(entry.id))
    rawDescriptions.append(utf8: bytes(entry.rawDescription))
    for (name, amount) in zip(entry.micronutrientNames, entry.micronutrientAmounts) {
      micronutrientRow.append(index)
      micronutrientNameCode.append(micronutrientNames.code(forUTF8: bytes(name)))
      micronutrientAmount.append(amount)
    }
  }
}
