/// The ingredients a journal can use (SPEC §2): its own `ingredients.jsonl` (custom foods and
/// overrides) searched together with the built-in table; an id resolves in the journal's file first.
public struct IngredientCatalog: Sendable {
  /// The journal's own ingredients.
  public let own: IngredientDatabase
  /// The built-in table, if the program has one.
  public let builtIn: IngredientTable?
  /// The built-in table's index: searches cover the table only when it is given.
  public let builtInIndex: IngredientIndex?
  private let ownIndex: IngredientIndex

  /// The catalog of `own` and `builtIn`; `builtInIndex` (`builtIn.makeIndex()`, whose food positions
  /// are the table's) is needed only to search the table, not to look ids up in it.
  public init(own: IngredientDatabase, builtIn: IngredientTable?, builtInIndex: IngredientIndex? = nil) {
    self.own = own
    self.builtIn = builtIn
    self.builtInIndex = builtIn == nil ? nil : builtInIndex
    ownIndex = IngredientIndex(own.ingredients)
  }

  /// The ingredient with this id: the journal's, else the built-in one.
  public func ingredient(withID id: String) -> Ingredient? {
    own.ingredient(withID: id) ?? builtIn?.ingredient(withID: id)
  }

  /// How many ingredients can be used (a journal override of a built-in id counts once).
  public var count: Int {
    guard let builtIn else { return own.count }
    return own.count + builtIn.count - own.ingredients.count { builtIn.position(ofID: $0.id) != nil }
  }

  /// One ingredient a search found.
  public struct Match: Sendable, Hashable {
    public var ingredient: Ingredient
    /// Its cost (`IngredientRanking`); smaller is better.
    public var cost: Int
    /// The worst way one of the query's words matched it (`whole` and `prefix` are good matches).
    public var weakest: IngredientWords.Match
  }

  /// What a search found.
  public struct SearchResult: Sendable, Hashable {
    /// The ingredients matching every word of the query, best first (at most the limit asked for).
    public var matches: [Match]
    /// How many ingredients match in all.
    public var total: Int
    /// When nothing matches every word: the ingredients matching the most words, best first.
    public var closest: [Match]

    /// Whether the best match is a good one: every query word matched whole or as a prefix.
    public var isGood: Bool { matches.first.map { $0.weakest <= .prefix } ?? false }
  }

  /// The ingredients matching `query` (in `category`, when given), ranked by `IngredientRanking`
  /// with `uses` (how many journal entries reference an id); at most `limit` are decoded.
  public func search(
    _ query: String, category: IngredientCategory? = nil, limit: Int = .max, uses: [String: Int] = [:]
  ) -> SearchResult {
    let count = { (id: String) in uses[id] ?? 0 }
    let mine = ownIndex.search(query, category: category, uses: count)
    var found = mine.hits.map { (hit: $0, own: true) }
    var closest = mine.closest.map { (hit: $0, own: true) }
    if let builtInIndex {
      let theirs = builtInIndex.search(query, category: category, uses: count)
      let shadowed = { (hit: IngredientIndex.Hit) in
        own.ingredient(withID: builtInIndex.foods[hit.food].id) != nil
      }
      found += theirs.hits.filter { !shadowed($0) }.map { (hit: $0, own: false) }
      closest += theirs.closest.filter { !shadowed($0) }.map { (hit: $0, own: false) }
    }
    func food(_ item: (hit: IngredientIndex.Hit, own: Bool)) -> IngredientIndex.Food {
      item.own ? ownIndex.foods[item.hit.food] : builtInIndex!.foods[item.hit.food]
    }
    func ranked(_ items: [(hit: IngredientIndex.Hit, own: Bool)], _ limit: Int) -> [Match] {
      items.sorted {
        let (x, y) = (food($0), food($1))
        return ($0.hit.cost, x.name, x.id, $0.own ? 0 : 1) < ($1.hit.cost, y.name, y.id, $1.own ? 0 : 1)
      }.prefix(limit).map { item in
        let ingredient = item.own ? own.ingredients[item.hit.food] : builtIn!.ingredient(at: item.hit.food)
        return Match(ingredient: ingredient, cost: item.hit.cost, weakest: item.hit.weakest)
      }
    }
    return SearchResult(
      matches: ranked(found, limit), total: found.count, closest: found.isEmpty ? ranked(closest, 5) : [])
  }

  /// The ingredient an `ID-or-NAME` names: the one with that id, else the best match for it as a
  /// name, if that match is a good one (`SearchResult.isGood`).
  public func resolve(_ idOrName: String, uses: [String: Int] = [:]) -> Ingredient? {
    if let byID = ingredient(withID: idOrName) { return byID }
    let result = search(idOrName, limit: 1, uses: uses)
    return result.isGood ? result.matches.first?.ingredient : nil
  }
}
