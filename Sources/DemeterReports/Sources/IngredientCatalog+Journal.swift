import BuiltInIngredients
import DemeterCore

extension IngredientCatalog {
  /// The ingredients of the journal folder `journal` (the sample's when nil), searched with the
  /// built-in table unless `builtIn` is off; the journal's file comes through its cache
  /// (`IngredientFileCache`) unless `usesCache` is off, so it is not parsed on every run. Its invalid
  /// lines are said as `ReportProblems.sayIngredientFile` says them.
  public static func journal(
    _ journal: String?, builtIn: Bool, usesCache: Bool, strict: Bool, quiet: Bool, _ console: inout Console
  ) throws(CommandError) -> IngredientCatalog {
    let own: IngredientFileCache.Load
    if let journal {
      do throws(ModelError) {
        own = try IngredientFileCache.load(journal: journal, usingCache: usesCache)
      } catch {
        throw .io(error.message)
      }
    } else {
      let load = IngredientDatabase.sample
      own = IngredientFileCache.Load(
        ingredients: load.database, index: IngredientIndex(load.database.ingredients),
        diagnostics: load.diagnostics)
    }
    try ReportProblems.sayIngredientFile(own.diagnostics, strict: strict, quiet: quiet, &console)
    return builtIn
      ? BuiltInIngredients.catalog(own: own.ingredients, ownIndex: own.index)
      : IngredientCatalog(own: own.ingredients, ownIndex: own.index, builtIn: nil)
  }
}

extension IngredientDatabase {
  /// The sample journal's ingredients.
  public static var sample: IngredientDatabase.Load {
    IngredientDatabase.load(bytes: SampleJournal.ingredientsText, path: SampleJournal.ingredientsPath)
  }
}
