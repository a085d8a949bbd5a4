import DemeterCore

/// The ingredient table built into the binary (SPEC §2): the USDA SR28 foods of the package's
/// `Table/` folder (`Sources/BuiltInIngredients/Table/`), compiled in by the `EmbedIngredientsPlugin` build step with their search
/// index, so search and logging by ingredient work with nothing imported.
public enum BuiltInIngredients {
  /// The table, opened on first use (finding its lines, not decoding its foods).
  public static let table: IngredientTable = {
    // Checked when the build wrote it (`ingredient-embedder` reads every food back).
    try! IngredientTable(bytes: tableBytes)
  }()

  /// The table's search index, read on first use.
  public static let index: IngredientIndex = { try! table.makeIndex() }()

  /// The journal's ingredients with the table, for searching (`IngredientCatalog`).
  public static func catalog(own: IngredientDatabase) -> IngredientCatalog {
    IngredientCatalog(own: own, builtIn: table, builtInIndex: index)
  }

  /// The table's bytes in `IngredientTable` form, in the binary's read-only data.
  public static var tableBytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: embeddedIngredientTable.utf8Start, count: embeddedIngredientTable.utf8CodeUnitCount)
  }

  /// Where the table comes from and its licence (`Table/SOURCE.md`).
  public static var sourceNote: String { embeddedIngredientSource.description }
}
