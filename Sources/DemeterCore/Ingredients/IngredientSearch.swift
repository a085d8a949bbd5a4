import DemeterFoundation
import DemeterJournal

/// Ranked ingredient search over a list of ingredients (manual: journal `IngredientRepository.search`): the
/// rules of `IngredientRanking`, through an `IngredientIndex` of the list.
public enum IngredientSearch {
  /// The ingredients that match every word of `query` (and are in `category`, when given), best first.
  /// - Complexity: building the index of `ingredients`, then one `IngredientIndex.search`.
  public static func search(
    _ ingredients: [Ingredient], query: String, category: IngredientCategory? = nil
  ) -> [Ingredient] {
    let index = IngredientIndex(ingredients)
    return index.search(query, category: category).hits.map { ingredients[$0.food] }
  }

  /// Case- and diacritic-insensitive form, independent of the machine's locale (as `Ingredient`'s).
  static func folded(_ text: String) -> String {
    SearchFolding.folded(text)
  }
}
