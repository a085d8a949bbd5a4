import DemeterCore

/// The bytes an `EntryTable`'s columns hold, counted from its public columns: element size × count
/// for number and code columns, UTF-8 payload plus bookkeeping for string columns. Array capacity
/// slack and allocator overhead are not counted (the RSS figures include them).
struct TableFootprint: Sendable {
  /// Day, time, offset, nutrients, confidence, codes, source file and line, micronutrient records,
  /// ids (128-bit values).
  var numberBytes: Int
  /// Raw descriptions (an arena: payload + one end offset per row), dictionary strings and
  /// file paths (payload + a 16-byte `String` each, plus a dictionary slot for coded strings).
  var stringBytes: Int

  var totalBytes: Int { numberBytes + stringBytes }

  /// - Complexity: O(rows + distinct strings); reads every raw description back.
  init(_ table: EntryTable) {
    func bytes<Element>(_ column: [Element]) -> Int { column.count * MemoryLayout<Element>.stride }
    numberBytes =
      [table.day, table.secondOfDay, table.utcOffset].reduce(0) { $0 + bytes($1) }
      + [table.calories, table.protein, table.carbohydrates, table.fat, table.fiber, table.sugar]
      .reduce(0) { $0 + bytes($1) }
      + bytes(table.quantity) + bytes(table.confidence)
      + [table.foodNameCode, table.unitCode, table.ingredientCode, table.mealCode, table.sourceFile]
      .reduce(0) { $0 + bytes($1) }
      + bytes(table.sourceLine) + bytes(table.micronutrientRow) + bytes(table.micronutrientNameCode)
      + bytes(table.micronutrientAmount) + bytes(table.ids.values)
    let stringSize = MemoryLayout<String>.stride
    func arena(_ arena: StringArena) -> Int {
      (0..<arena.count).reduce(0) { $0 + arena[$1].utf8.count } + arena.count * MemoryLayout<Int>.stride
    }
    func dictionary(_ dictionary: StringDictionary) -> Int {
      dictionary.strings.reduce(0) { $0 + $1.utf8.count + 2 * stringSize + MemoryLayout<Int32>.stride }
    }
    stringBytes =
      arena(table.rawDescriptions)
      + [table.foodNames, table.units, table.ingredientIDs, table.meals, table.micronutrientNames]
      .reduce(0) { $0 + dictionary($1) }
      + table.files.reduce(0) { $0 + $1.utf8.count + stringSize }
  }
}
