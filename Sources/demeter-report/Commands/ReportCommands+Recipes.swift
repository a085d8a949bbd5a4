import BuiltInIngredients
import DemeterCore
import DemeterReporting

extension ReportCommands {
  /// The journal's recipes as reports look them up (`ReportBuilder.RecipeLookup`): each recipe's
  /// file read when a report first asks for it, its nutrition computed with the journal's
  /// ingredients and the built-in table (loaded once, on the first recipe). Nil for a journal without
  /// a folder.
  static func recipeLookup(_ journal: JournalSource) -> ReportBuilder.RecipeLookup? {
    guard let folder = journal.folder else { return nil }
    let store = RecipeStore(journal: folder)
    var catalog: IngredientCatalog?
    return { id in
      guard let document = try? store.read(id), let recipe = document.recipe else { return nil }
      let ingredients =
        catalog ?? IngredientCatalog(own: journal.ingredients().database, builtIn: BuiltInIngredients.table)
      catalog = ingredients
      return (recipe.title, try? document.nutrition(ingredient: ingredients.ingredient(withID:)))
    }
  }
}
