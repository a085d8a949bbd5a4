/// Finds recipes by words (`recipe search`): every word of the query must be found, ignoring case,
/// in the recipe's title, id, tags, books or ingredient names. Best first: each word scores by the
/// best place it is found (a whole word of the title, then part of the title or id, then a tag or
/// book, then an ingredient's name), a recipe by its words' scores summed; equal scores in id order.
public enum RecipeSearch {
  /// Where a word of the query was found, best first.
  public enum Place: Int, Sendable, Comparable, CaseIterable {
    case titleWord, titleOrID, tagOrBook, ingredient

    public static func < (a: Place, b: Place) -> Bool { a.rawValue < b.rawValue }
  }

  /// The positions in `recipes` of those matching `query`, best first; `ingredientNames[i]` are the
  /// names of recipe i's ingredients (the database's or the free food's). A query without words
  /// matches nothing.
  public static func matches(_ query: String, in recipes: [Recipe], ingredientNames: [[String]]) -> [Int] {
    let words = Self.words(query)
    guard !words.isEmpty else { return [] }
    var found: [(index: Int, score: Int)] = []
    for (index, recipe) in recipes.enumerated() {
      let names = index < ingredientNames.count ? ingredientNames[index] : []
      var score = 0
      var matchesAll = true
      for word in words {
        guard let place = place(of: word, in: recipe, ingredientNames: names) else {
          matchesAll = false
          break
        }
        score += place.rawValue
      }
      if matchesAll { found.append((index, score)) }
    }
    return found.sorted { a, b in
      a.score != b.score
        ? a.score < b.score : recipes[a.index].id.utf8.lexicographicallyPrecedes(recipes[b.index].id.utf8)
    }.map(\.index)
  }

  /// The best place `word` (lower case) is found in the recipe, if anywhere.
  public static func place(of word: String, in recipe: Recipe, ingredientNames: [String]) -> Place? {
    let title = recipe.title.lowercased()
    if words(title).contains(word) { return .titleWord }
    if title.contains(word) || recipe.id.contains(word) { return .titleOrID }
    if (recipe.tags + recipe.books).contains(where: { $0.lowercased().contains(word) }) { return .tagOrBook }
    if ingredientNames.contains(where: { $0.lowercased().contains(word) }) { return .ingredient }
    return nil
  }

  /// The lower-cased words of `text`: runs of letters and digits (Unicode properties, no locale).
  public static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}
