import DemeterCore

/// The ingredient table built into the binary (SPEC §2): the USDA SR28 foods of the package's
/// `Ingredients/` folder, compiled in by the `EmbedIngredientsPlugin` build step with their search
/// index, so search and logging by ingredient work with nothing imported.
public enum BuiltInIngredients {
  /// The table, opened on first use (reading its index, not decoding its foods).
  public static let table: IngredientTable = {
    let text = embeddedIngredientTable
    // Checked when the build wrote it (`ingredient-embedder` reads every food back).
    return try! IngredientTable(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }()

  /// Where the table comes from and its licence (`Ingredients/SOURCE.md`).
  public static var sourceNote: String { embeddedIngredientSource.description }
}
