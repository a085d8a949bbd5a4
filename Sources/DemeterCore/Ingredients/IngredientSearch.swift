/// Ranked ingredient search (SPEC §3 `IngredientRepository.search`): the ingredients that
/// `Ingredient.matches(searchTerm:)` finds, best match first.
public enum IngredientSearch {
  /// How well an ingredient matches a search term; smaller is better. Comparisons ignore case and
  /// diacritics, as `matches(searchTerm:)` does.
  public enum Rank: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// The name is the term (`butter` finds `butter`).
    case exactName
    /// The name starts with the term (`butter` finds `butter, salted`).
    case namePrefix
    /// An alias is the term or starts with it (`cassia` finds `spices, cinnamon, ground`).
    case alias
    /// Each word of the term starts a word of the name or an alias (`salted butter` finds
    /// `butter, salted`).
    case allWords
    /// The term occurs inside the name or an alias (`alted` finds `butter, salted`).
    case substring

    public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How `ingredient` matches `term`, or nil when it does not (exactly when
  /// `ingredient.matches(searchTerm: term)` is false).
  public static func rank(of ingredient: Ingredient, for term: String) -> Rank? {
    let term = folded(term.trimmingSpacesAndNewlines())
    let words = words(of: term)
    guard !words.isEmpty else { return nil }
    let name = folded(ingredient.name)
    if name == term { return .exactName }
    if name.hasPrefix(term) { return .namePrefix }
    let aliases = ingredient.aliases.map(folded)
    if aliases.contains(where: { $0.hasPrefix(term) }) { return .alias }
    let tokens = ingredient.searchTokens.map(folded)
    if words.allSatisfy({ word in tokens.contains { $0.hasPrefix(word) } }) { return .allWords }
    if name.contains(term) || aliases.contains(where: { $0.contains(term) }) { return .substring }
    return nil
  }

  /// The ingredients that match `query` (and are in `category`, when given), best rank first, ties by
  /// name and then id.
  /// - Complexity: O(n · (length of name, aliases and tokens) + m log m) for n ingredients and m matches.
  public static func search(
    _ ingredients: [Ingredient], query: String, category: IngredientCategory? = nil
  ) -> [Ingredient] {
    var found: [(rank: Rank, ingredient: Ingredient)] = []
    for ingredient in ingredients where category == nil || ingredient.category == category {
      if let rank = rank(of: ingredient, for: query) { found.append((rank, ingredient)) }
    }
    found.sort {
      ($0.rank, $0.ingredient.name, $0.ingredient.id) < ($1.rank, $1.ingredient.name, $1.ingredient.id)
    }
    return found.map(\.ingredient)
  }

  /// Case- and diacritic-insensitive form, independent of the machine's locale (as `Ingredient`'s).
  static func folded(_ text: String) -> String {
    SearchFolding.folded(text)
  }

  /// The words of `text`: runs of letters and digits.
  private static func words(of text: String) -> [String] {
    text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
  }
}
