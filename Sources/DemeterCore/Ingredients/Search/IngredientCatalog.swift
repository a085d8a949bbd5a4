import DemeterJournal

/// The ingredients a journal can use (manual: journal): its own `ingredients.jsonl` (custom foods and
/// overrides) searched together with the built-in table; an id resolves in the journal's file first.
public struct IngredientCatalog: Sendable {
  /// The journal's own ingredients.
  public let own: any IngredientSource
  /// The built-in table, if the program has one.
  public let builtIn: IngredientTable?
  /// The built-in table's index: searches cover the table only when it is given.
  public let builtInIndex: IngredientIndex?
  /// The index of `own`, in its order.
  public let ownIndex: IngredientIndex

  /// The catalog of `own` and `builtIn`; `builtInIndex` (`builtIn.makeIndex()`, whose food positions
  /// are the table's) is needed only to search the table, not to look ids up in it.
  public init(own: IngredientDatabase, builtIn: IngredientTable?, builtInIndex: IngredientIndex? = nil) {
    self.init(
      own: own, ownIndex: IngredientIndex(own.ingredients), builtIn: builtIn, builtInIndex: builtInIndex)
  }

  /// The catalog of `own`, already indexed (`ownIndex`, whose food positions are `own`'s), and
  /// `builtIn`, as `init(own:builtIn:builtInIndex:)`.
  public init(
    own: any IngredientSource, ownIndex: IngredientIndex, builtIn: IngredientTable?,
    builtInIndex: IngredientIndex? = nil
  ) {
    self.own = own
    self.ownIndex = ownIndex
    self.builtIn = builtIn
    self.builtInIndex = builtIn == nil ? nil : builtInIndex
  }

  /// The ingredient with this id: the journal's, else the built-in one.
  public func ingredient(withID id: String) -> Ingredient? {
    own.ingredient(withID: id) ?? builtIn?.ingredient(withID: id)
  }

  /// The ids of the ingredients that can be searched: the journal's, then the built-in table's.
  public var ids: [String] { ownIndex.foods.map(\.id) + (builtInIndex?.foods.map(\.id) ?? []) }

  /// How many ingredients can be used (a journal override of a built-in id counts once).
  public var count: Int {
    let ownCount = ownIndex.foods.count
    guard let builtIn else { return ownCount }
    return ownCount + builtIn.count - ownIndex.foods.count { builtIn.position(ofID: $0.id) != nil }
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
    let count: ((String) -> Int)? = uses.isEmpty ? nil : { uses[$0] ?? 0 }
    let mine = ownIndex.matching(query, category: category, uses: count)
    var found = mine.hits.map { (hit: $0, own: true) }
    var closest = mine.closest.map { (hit: $0, own: true) }
    if let builtInIndex {
      let theirs = builtInIndex.matching(query, category: category, uses: count)
      // A table food whose id the journal's file also has is the journal's (found above); the
      // journal's ids are hashed once, and each hit's id compared as bytes.
      let hasHits = !theirs.hits.isEmpty || !theirs.closest.isEmpty
      let ownIDs = ownIndex.foodCount > 0 && hasHits ? IngredientIDSet(ownIndex) : nil
      let shadowed = { (hit: IngredientIndex.Hit) in
        ownIDs?.contains(builtInIndex.idBytes(of: hit.food)) ?? false
      }
      found += theirs.hits.filter { !shadowed($0) }.map { (hit: $0, own: false) }
      closest += theirs.closest.filter { !shadowed($0) }.map { (hit: $0, own: false) }
    }
    let theirs = builtInIndex ?? ownIndex
    /// By cost, name and id, the journal's before the table's.
    func before(_ x: (hit: IngredientIndex.Hit, own: Bool), _ y: (hit: IngredientIndex.Hit, own: Bool))
      -> Bool
    {
      let order =
        x.own
        ? ownIndex.ranks(x.hit, before: y.hit, of: y.own ? ownIndex : theirs)
        : theirs.ranks(x.hit, before: y.hit, of: y.own ? ownIndex : theirs)
      return order ?? (x.own && !y.own)
    }
    func ranked(_ items: [(hit: IngredientIndex.Hit, own: Bool)], _ limit: Int) -> [Match] {
      items.least(limit, by: before).compactMap { item in
        let source: any IngredientSource = item.own ? own : builtIn!
        return source.ingredient(at: item.hit.food).map {
          Match(ingredient: $0, cost: item.hit.cost, weakest: item.hit.weakest)
        }
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
