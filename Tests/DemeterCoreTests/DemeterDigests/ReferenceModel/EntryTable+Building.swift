@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension EntryTable {
  /// Starts a new source file; rows appended after this call belong to it.
  public mutating func beginFile(_ path: String) {
    files.append(path)
  }

  /// Appends one entry to the current file (call `beginFile` first).
  /// - Complexity: amortised O(1) plus the number of micronutrients.
  public mutating func append(_ row: Entry) {
    precondition(!files.isEmpty, "beginFile must be called before append")
    let index = Int32(count)
    appendRow(
      timestamp: row.timestamp, quantity: row.quantity.billionths, amounts: row.amounts,
      confidence: row.confidence.billionths,
      foodName: foodNames.code(for: row.foodName), unit: units.code(for: row.unit),
      ingredient: row.matchedIngredientID.map { ingredientIDs.code(for: $0) } ?? -1,
      meal: row.meal.map { meals.code(for: $0) } ?? -1, line: row.line)
    ids.append(row.id)
    rawDescriptions.append(row.rawDescription)
    for micronutrient in row.micronutrients {
      micronutrientRow.append(index)
      micronutrientNameCode.append(micronutrientNames.code(for: micronutrient.name))
      micronutrientAmount.append(micronutrient.amount.billionths)
    }
  }

  /// Appends the columns every row fills the same way, whatever read it (the strict decoder's
  /// `Entry` or the fast path's `ScannedEntry`), its numbers in billionths, its strings coded.
  @inline(__always)
  mutating func appendRow(
    timestamp: Timestamp, quantity: Int64, amounts: NutrientAmounts, confidence: Int64, foodName: Int32,
    unit: Int32, ingredient: Int32, meal: Int32, line: Int
  ) {
    day.append(Int32(timestamp.localDate.dayNumber))
    secondOfDay.append(Int32(timestamp.secondOfDay))
    utcOffset.append(timestamp.utcOffsetSeconds.map { Int32($0) } ?? Int32.min)
    self.quantity.append(quantity)
    for ordinal in nutrients.indices { nutrients[ordinal].append(amounts[ordinal: ordinal]) }
    self.confidence.append(confidence)
    foodNameCode.append(foodName)
    unitCode.append(unit)
    ingredientCode.append(ingredient)
    mealCode.append(meal)
    sourceFile.append(Int32(files.count - 1))
    sourceLine.append(Int32(line))
  }

  /// Appends all rows of `other` after this table's rows, remapping its dictionary codes.
  /// Concatenating partial tables in a fixed order gives the same table whatever produced them.
  public mutating func append(contentsOf other: EntryTable) {
    let rowBase = Int32(count)
    let fileBase = Int32(files.count)
    func remap(_ codes: [Int32], from source: StringDictionary, into target: inout StringDictionary)
      -> [Int32]
    {
      let mapping = source.strings.map { target.code(for: $0) }
      return codes.map { $0 < 0 ? $0 : mapping[Int($0)] }
    }
    day += other.day
    secondOfDay += other.secondOfDay
    utcOffset += other.utcOffset
    for ordinal in nutrients.indices { nutrients[ordinal] += other.nutrients[ordinal] }
    quantity += other.quantity
    confidence += other.confidence
    foodNameCode += remap(other.foodNameCode, from: other.foodNames, into: &foodNames)
    unitCode += remap(other.unitCode, from: other.units, into: &units)
    ingredientCode += remap(other.ingredientCode, from: other.ingredientIDs, into: &ingredientIDs)
    mealCode += remap(other.mealCode, from: other.meals, into: &meals)
    sourceFile += other.sourceFile.map { $0 + fileBase }
    sourceLine += other.sourceLine
    files += other.files
    ids.append(contentsOf: other.ids)
    rawDescriptions.append(contentsOf: other.rawDescriptions)
    micronutrientRow += other.micronutrientRow.map { $0 + rowBase }
    micronutrientNameCode += remap(
      other.micronutrientNameCode, from: other.micronutrientNames, into: &micronutrientNames)
    micronutrientAmount += other.micronutrientAmount
  }
}

extension EntryTable {
  /// Makes room for `rows` more rows in every per-row column (fewer reallocations while reading).
  /// Grows at least geometrically, so calling it before each of many small additions stays linear.
  public mutating func reserveCapacity(forMoreRows rows: Int) {
    guard count + rows > day.capacity else { return }
    let wanted = max(count + rows, 2 * count)
    // (Each column named, not through key paths: making those costs more than a small table's read.)
    day.reserveCapacity(wanted)
    secondOfDay.reserveCapacity(wanted)
    utcOffset.reserveCapacity(wanted)
    foodNameCode.reserveCapacity(wanted)
    unitCode.reserveCapacity(wanted)
    ingredientCode.reserveCapacity(wanted)
    mealCode.reserveCapacity(wanted)
    sourceFile.reserveCapacity(wanted)
    sourceLine.reserveCapacity(wanted)
    quantity.reserveCapacity(wanted)
    confidence.reserveCapacity(wanted)
    for ordinal in nutrients.indices { nutrients[ordinal].reserveCapacity(wanted) }
    ids.reserveCapacity(wanted)
    rawDescriptions.reserveCapacity(rows: wanted, bytes: wanted * 32)
  }
}
