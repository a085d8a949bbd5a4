import DemeterCore

/// The ingredient table built into the binary (manual: journal): the USDA SR28 foods of the package's
/// `Table/` folder (`Sources/BuiltInIngredients/Table/`), compiled in by the `EmbedIngredientsPlugin` build
/// step with their search
/// index, so search and logging by ingredient work with nothing imported.
public enum BuiltInIngredients {
  /// The table, opened on first use (finding its lines, not decoding its foods).
  public static let table: IngredientTable = {
    // Checked when the build wrote it (`ingredient-embedder` reads every food and the index back).
    try! IngredientTable(bytes: tableBytes, verified: true)
  }()

  /// The alcohol of the table's foods, named by a hash made at build time and read on first use
  /// (not opening the table): a report whose digests come from the cache reads nothing of it.
  public static let alcohol = IngredientAlcohol(
    identity: "built-in \(String(embeddedIngredientAlcoholHash, radix: 16))"
  ) {
    // Checked when the build wrote it (`ingredient-embedder` reads it back).
    IngredientAlcohol(text: embeddedIngredientAlcohol.description)!
  }

  /// The table's search index, read in place.
  public static let index: IngredientIndex = { try! table.makeIndex() }()

  /// The journal's ingredients with the table, for searching (`IngredientCatalog`).
  public static func catalog(own: IngredientDatabase) -> IngredientCatalog {
    IngredientCatalog(own: own, builtIn: table, builtInIndex: index)
  }

  /// The journal's ingredients, already indexed (`IngredientFileCache`), with the table.
  public static func catalog(own: any IngredientSource, ownIndex: IngredientIndex) -> IngredientCatalog {
    IngredientCatalog(own: own, ownIndex: ownIndex, builtIn: table, builtInIndex: index)
  }

  /// The table's bytes in `IngredientTable` form, in the binary's read-only data.
  package static var tableBytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      start: embeddedIngredientTable.utf8Start, count: embeddedIngredientTable.utf8CodeUnitCount)
  }

  /// Where the table comes from and its licence (`Table/SOURCE.md`).
  public static var sourceNote: String { embeddedIngredientSource.description }
}
