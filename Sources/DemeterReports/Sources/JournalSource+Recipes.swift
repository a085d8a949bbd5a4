import BuiltInIngredients
import DemeterCore
import DemeterReporting

extension JournalSource {
  /// The journal's recipes as reports look them up (`ReportBuilder.RecipeLookup`): each recipe's
  /// file read when a report first asks for it, its nutrition computed with the journal's
  /// ingredients and the built-in table (loaded once, on the first recipe); the sample's own recipes
  /// for the sample.
  public var recipeLookup: ReportBuilder.RecipeLookup {
    let journal = self
    let read: (String) -> RecipeDocument?
    switch journal {
    case .folder(let layout):
      let store = RecipeStore(journal: layout.journal)
      read = { try? store.read($0) }
    case .sample:
      read = { SampleJournal.recipeDocumentsByID[$0] }
    }
    var catalog: IngredientCatalog?
    return { id in
      guard let document = read(id), let recipe = document.recipe else { return nil }
      let ingredients =
        catalog ?? IngredientCatalog(own: journal.ingredients().database, builtIn: BuiltInIngredients.table)
      catalog = ingredients
      return (recipe.title, try? document.nutrition(ingredient: ingredients.ingredient(withID:)))
    }
  }
}
