@testable import DemeterCore

extension EntryTable {
  /// The rows of `parts` one after another: the same table as appending each part in turn, but
  /// with every column copied once, the parts in parallel (dictionaries are merged first, in order).
  public static func concatenating(_ parts: [EntryTable]) -> EntryTable {
    var parts = parts
    return concatenating(consuming: &parts)
  }

  /// Like `concatenating(_:)`, emptying each column of `parts` as soon as it is copied, so that
  /// memory holds little more than one table at a time (the loader's parts are not needed after).
  static func concatenating(consuming parts: inout [EntryTable]) -> EntryTable {
    guard parts.count > 1 else {
      let only = parts.first ?? EntryTable()
      only.checkInvariants()
      return only
    }
    var result = EntryTable()
    func codeMaps(_ dictionary: KeyPath<EntryTable, StringDictionary>, into target: inout StringDictionary)
      -> [[Int32]]
    {
      parts.map { part in part[keyPath: dictionary].strings.map { target.code(for: $0) } }
    }
    let foodNameMaps = codeMaps(\.foodNames, into: &result.foodNames)
    let unitMaps = codeMaps(\.units, into: &result.units)
    let ingredientMaps = codeMaps(\.ingredientIDs, into: &result.ingredientIDs)
    let mealMaps = codeMaps(\.meals, into: &result.meals)
    let micronutrientMaps = codeMaps(\.micronutrientNames, into: &result.micronutrientNames)
    result.files = parts.flatMap(\.files)

    let (rowStarts, rows) = startOffsets(parts.map(\.count))
    let (fileStarts, _) = startOffsets(parts.map(\.files.count))
    let (micronutrientStarts, micronutrients) = startOffsets(parts.map(\.micronutrientRow.count))
    /// Moves one column out of every part.
    func take<T>(_ column: WritableKeyPath<EntryTable, T>, emptied: T) -> [T] {
      parts.indices.map { index in
        defer { parts[index][keyPath: column] = emptied }
        return parts[index][keyPath: column]
      }
    }
    func plain<T: Sendable>(_ column: WritableKeyPath<EntryTable, [T]>) -> [T] {
      concatenateInParallel(take(column, emptied: []), starts: rowStarts, total: rows)
    }
    func coded(_ column: WritableKeyPath<EntryTable, [Int32]>, _ maps: [[Int32]]) -> [Int32] {
      concatenateInParallel(take(column, emptied: []), starts: rowStarts, total: rows) { part, code in
        code < 0 ? code : maps[part][Int(code)]
      }
    }
    result.day = plain(\.day)
    result.secondOfDay = plain(\.secondOfDay)
    result.utcOffset = plain(\.utcOffset)
    let nutrients = take(\.nutrients, emptied: [])
    result.nutrients = result.nutrients.indices.map { ordinal in
      concatenateInParallel(nutrients.map { $0[ordinal] }, starts: rowStarts, total: rows)
    }
    result.quantity = plain(\.quantity)
    result.confidence = plain(\.confidence)
    result.foodNameCode = coded(\.foodNameCode, foodNameMaps)
    result.unitCode = coded(\.unitCode, unitMaps)
    result.ingredientCode = coded(\.ingredientCode, ingredientMaps)
    result.mealCode = coded(\.mealCode, mealMaps)
    result.sourceFile = concatenateInParallel(take(\.sourceFile, emptied: []), starts: rowStarts, total: rows)
    {
      part, file in file + Int32(fileStarts[part])
    }
    result.sourceLine = plain(\.sourceLine)
    result.ids = EntryIDColumn.concatenating(
      take(\.ids, emptied: EntryIDColumn()), starts: rowStarts, total: rows)
    result.rawDescriptions = StringArena.concatenating(take(\.rawDescriptions, emptied: StringArena()))
    result.micronutrientRow = concatenateInParallel(
      take(\.micronutrientRow, emptied: []), starts: micronutrientStarts, total: micronutrients
    ) { part, row in row + Int32(rowStarts[part]) }
    result.micronutrientNameCode = concatenateInParallel(
      take(\.micronutrientNameCode, emptied: []), starts: micronutrientStarts, total: micronutrients
    ) { part, code in micronutrientMaps[part][Int(code)] }
    result.micronutrientAmount = concatenateInParallel(
      take(\.micronutrientAmount, emptied: []), starts: micronutrientStarts, total: micronutrients)
    result.checkInvariants()
    return result
  }
}
