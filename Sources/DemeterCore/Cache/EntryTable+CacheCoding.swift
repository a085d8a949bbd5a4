/// The parse cache's block for a one-file `EntryTable`: every column as a raw block (copied back with
/// one `memcpy`, no per-row decoding), dictionaries as their strings in code order.
extension EntryTable {
  /// Appends this table's block to `writer`; false (nothing useful written) if the table holds rows of
  /// more than one file, which the cache never stores.
  func encodeForCache(into writer: inout CacheWriter) -> Bool {
    guard files.count <= 1, sourceFile.allSatisfy({ $0 == 0 }) else { return false }
    writer.append(!files.isEmpty)
    writer.append(UInt64(count))
    for column in [day, secondOfDay, utcOffset, foodNameCode, unitCode, ingredientCode, mealCode, sourceLine]
    {
      writer.appendColumn(column)
    }
    for column in [calories, protein, carbohydrates, fat, fiber, sugar, quantity, confidence] {
      writer.appendColumn(column)
    }
    writer.appendColumn(ids.values)
    let idTexts = ids.textsNotInLowerCase
    writer.append(UInt64(idTexts.count))
    for (row, text) in idTexts {
      writer.append(UInt64(row))
      writer.append(text)
    }
    writer.append(UInt64(rawDescriptions.bytes.count))
    rawDescriptions.bytes.withUnsafeBytes { writer.append(raw: $0) }
    writer.appendColumn(rawDescriptions.ends)
    for dictionary in [foodNames, units, ingredientIDs, meals, micronutrientNames] {
      writer.append(UInt32(dictionary.count))
      for string in dictionary.strings { writer.append(string) }
    }
    writer.append(UInt64(micronutrientRow.count))
    writer.appendColumn(micronutrientRow)
    writer.appendColumn(micronutrientNameCode)
    writer.appendColumn(micronutrientAmount)
    return true
  }

  /// Reads a block written by `encodeForCache`, for the file at `path`. Every count is checked
  /// against `rowLimit` (a day file of n bytes holds fewer than n rows) and the bytes left, and every
  /// code and offset against what it indexes, so a damaged block throws instead of building a table
  /// that could crash later.
  static func decodeFromCache(_ reader: inout CacheReader, path: String, rowLimit: Int)
    throws(CacheFormatError)
    -> EntryTable
  {
    var table = EntryTable()
    if try reader.flag() { table.beginFile(path) }
    let rows = try reader.count(UInt64.self, atMost: rowLimit)
    guard rows == 0 || !table.files.isEmpty else { throw CacheFormatError("rows without a file") }
    table.day = try reader.column(count: rows)
    table.secondOfDay = try reader.column(count: rows)
    table.utcOffset = try reader.column(count: rows)
    table.foodNameCode = try reader.column(count: rows)
    table.unitCode = try reader.column(count: rows)
    table.ingredientCode = try reader.column(count: rows)
    table.mealCode = try reader.column(count: rows)
    table.sourceLine = try reader.column(count: rows)
    table.sourceFile = [Int32](repeating: 0, count: rows)
    table.calories = try reader.column(count: rows)
    table.protein = try reader.column(count: rows)
    table.carbohydrates = try reader.column(count: rows)
    table.fat = try reader.column(count: rows)
    table.fiber = try reader.column(count: rows)
    table.sugar = try reader.column(count: rows)
    table.quantity = try reader.column(count: rows)
    table.confidence = try reader.column(count: rows)
    table.ids = try idColumn(&reader, rows: rows)
    table.rawDescriptions = try arena(&reader, rows: rows)
    table.foodNames = try dictionary(&reader)
    table.units = try dictionary(&reader)
    table.ingredientIDs = try dictionary(&reader)
    table.meals = try dictionary(&reader)
    table.micronutrientNames = try dictionary(&reader)
    let micronutrients = try reader.count(UInt64.self, atMost: rowLimit)
    table.micronutrientRow = try reader.column(count: micronutrients)
    table.micronutrientNameCode = try reader.column(count: micronutrients)
    table.micronutrientAmount = try reader.column(count: micronutrients)

    try checkCodes(table.foodNameCode, count: table.foodNames.count, optional: false, "food name")
    try checkCodes(table.unitCode, count: table.units.count, optional: false, "unit")
    try checkCodes(table.ingredientCode, count: table.ingredientIDs.count, optional: true, "ingredient")
    try checkCodes(table.mealCode, count: table.meals.count, optional: true, "meal")
    try checkCodes(
      table.micronutrientNameCode, count: table.micronutrientNames.count, optional: false, "micronutrient")
    try checkCodes(table.micronutrientRow, count: rows, optional: false, "micronutrient row")
    guard zip(table.micronutrientRow, table.micronutrientRow.dropFirst()).allSatisfy({ $0 <= $1 }) else {
      throw CacheFormatError("micronutrient rows out of order")
    }
    return table
  }

  // MARK: - Helpers

  private static func idColumn(_ reader: inout CacheReader, rows: Int) throws(CacheFormatError)
    -> EntryIDColumn
  {
    let values: [UInt128] = try reader.column(count: rows)
    let textCount = try reader.count(UInt64.self, atMost: rows)
    var texts: [Int: String] = [:]
    for _ in 0..<textCount {
      let row = try reader.count(UInt64.self, atMost: rows - 1)
      texts[row] = try reader.string()
    }
    guard texts.count == textCount else { throw CacheFormatError("an id text repeats its row") }
    return EntryIDColumn(values: values, textsNotInLowerCase: texts)
  }

  private static func arena(_ reader: inout CacheReader, rows: Int) throws(CacheFormatError) -> StringArena {
    let byteCount = try reader.count(UInt64.self, atMost: reader.remaining)
    let bytes = Array(try reader.bytes(byteCount))
    let ends: [Int] = try reader.column(count: rows)
    var previous = 0
    for end in ends {
      guard end >= previous else { throw CacheFormatError("string ends out of order") }
      previous = end
    }
    guard previous == byteCount else { throw CacheFormatError("string ends do not cover the bytes") }
    return StringArena(bytes: bytes, ends: ends)
  }

  private static func dictionary(_ reader: inout CacheReader) throws(CacheFormatError) -> StringDictionary {
    let count = try reader.count(UInt32.self, atMost: reader.remaining / 4)
    var dictionary = StringDictionary()
    for _ in 0..<count {
      _ = dictionary.code(for: try reader.string())
    }
    guard dictionary.count == count else { throw CacheFormatError("a dictionary repeats a string") }
    return dictionary
  }

  /// Every code is in `0..<count` (or -1, "none", when `optional`).
  private static func checkCodes(_ codes: [Int32], count: Int, optional: Bool, _ what: String)
    throws(CacheFormatError)
  {
    let lowest: Int32 = optional ? -1 : 0
    let valid = codes.withUnsafeBufferPointer { buffer in
      var low = Int32.max
      var high = Int32.min
      for code in buffer {
        low = min(low, code)
        high = max(high, code)
      }
      return buffer.isEmpty || (low >= lowest && Int(high) < count)
    }
    guard valid else { throw CacheFormatError("\(what) code out of range") }
  }
}
