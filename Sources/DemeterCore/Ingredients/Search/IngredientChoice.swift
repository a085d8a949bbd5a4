/// What a food given by id or name comes to when an entry is written from it (`add --ingredient`,
/// manual: foods): the food, or the candidates to pick from when the name does not settle it.
///
/// A name settles it when its best match is good (`SearchResult.isGood`: every word matched whole or
/// as a prefix) and clearly ahead: no other candidate is *close* to it. A candidate is close to the
/// best when its cost (`IngredientRanking`) is less than `closeMargin` points above the best's and
/// their energy per 100 g differs by more than `closeEnergyShare` of the larger and by more than
/// `closeEnergyFloor` kcal (forms of one food with about the same energy log about the same, so
/// either will do).
public enum IngredientChoice: Sendable, Hashable {
  /// The food with the id, or the name's clear best match.
  case chosen(Ingredient)
  /// The name's best match is weak (a word matched only with a typo or inside another word), or
  /// another is close to it: the candidates, best first (at most `candidateLimit`).
  case ask([IngredientCatalog.Match], Reason)
  /// Nothing matches every word of the name; the closest foods, best first (maybe none).
  case none(closest: [IngredientCatalog.Match])

  /// Why a name does not settle the food.
  public enum Reason: Sendable, Hashable {
    /// The best match is not a good one.
    case weak
    /// Another candidate is close to the best.
    case close
  }

  /// A match is close to the best when its cost is less than this many points above it: less than
  /// what a match one name part further back costs (`IngredientRanking.laterPartCost`)…
  public static let closeMargin = IngredientRanking.laterPartCost
  /// …and their energy per 100 g differs by more than this share of the larger one…
  public static let closeEnergyShare = 0.2
  /// …and by more than this many kcal per 100 g.
  public static let closeEnergyFloor = 20.0
  /// How many candidates are offered.
  public static let candidateLimit = 5

  /// Whether `other` is close to the best match `best` (see the type's notes).
  public static func isClose(_ best: IngredientCatalog.Match, _ other: IngredientCatalog.Match) -> Bool {
    guard other.cost - best.cost < closeMargin else { return false }
    let (a, b) = (best.ingredient.caloriesPer100g, other.ingredient.caloriesPer100g)
    return abs(a - b) > max(closeEnergyShare * max(a, b), closeEnergyFloor)
  }
}

extension IngredientCatalog {
  /// The food `idOrName` names (see `IngredientChoice`): the one with that id, else the best match for
  /// it as a name when that settles it; ranked with `uses`.
  public func choose(_ idOrName: String, uses: [String: Int] = [:]) -> IngredientChoice {
    if let byID = ingredient(withID: idOrName) { return .chosen(byID) }
    let result = search(idOrName, limit: IngredientChoice.candidateLimit, uses: uses)
    guard let first = result.matches.first else { return .none(closest: result.closest) }
    if !result.isGood { return .ask(result.matches, .weak) }
    if result.matches.dropFirst().contains(where: { IngredientChoice.isClose(first, $0) }) {
      return .ask(result.matches, .close)
    }
    return .chosen(first.ingredient)
  }

  /// The foods `name` matches, as `choose` offers them (the closest when none matches every word),
  /// best first: what `--pick N` counts in.
  public func candidates(for name: String, uses: [String: Int] = [:]) -> [Match] {
    let result = search(name, limit: IngredientChoice.candidateLimit, uses: uses)
    return result.matches.isEmpty
      ? Array(result.closest.prefix(IngredientChoice.candidateLimit)) : result.matches
  }
}
