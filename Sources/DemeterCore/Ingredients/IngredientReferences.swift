extension IngredientCatalog {
  /// Warnings for entries whose `matchedIngredientID` names no ingredient of the journal's file or
  /// the built-in table (manual: journal: it "should name an ingredient in the database") nor is one that
  /// `alsoKnown` accepts (a recipe's `recipe:ID`).
  /// - Complexity: O(rows + distinct ingredient ids).
  public func unknownReferences(in table: EntryTable, alsoKnown: (String) -> Bool = { _ in false })
    -> [Diagnostic]
  {
    let unknownCodes = Set(
      table.ingredientIDs.strings.indices.filter {
        let id = table.ingredientIDs.strings[$0]
        return ingredient(withID: id) == nil && !alsoKnown(id)
      }
      .map(Int32.init))
    guard !unknownCodes.isEmpty else { return [] }
    let place =
      builtIn == nil ? IngredientDatabase.fileName : "\(IngredientDatabase.fileName) or the built-in table"
    var warnings: [Diagnostic] = []
    for row in 0..<table.count where unknownCodes.contains(table.ingredientCode[row]) {
      let id = table.ingredientIDs[table.ingredientCode[row]]
      warnings.append(
        Diagnostic(.warning, table.location(ofRow: row), "matchedIngredientID \"\(id)\" is not in \(place)"))
    }
    return warnings
  }
}
