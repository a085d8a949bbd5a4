import DemeterCore

/// A question about a journal's ingredients (manual: command-line, `ingredients`): which ones, from
/// which database, shown how. `ReportMaker.ingredients` answers it.
public struct IngredientsRequest: Sendable {
  /// What is asked.
  public enum Query: Sendable {
    /// The ingredients matching the words, best first.
    case search(String, category: IngredientCategory?)
    /// Every field of the ingredient an id or a name names.
    case show(String)
    /// The ingredients the entries of the period (its words; empty or `all`: every day) use most.
    case popular(period: String)
    /// The verified ingredients of the journal's own database.
    case verified(category: IngredientCategory?)

    /// How many ingredients are shown unless the request says otherwise.
    public var defaultLimit: Int {
      switch self {
      case .search: 20
      case .popular: 10
      case .show, .verified: Int.max
      }
    }
  }

  /// Whose ingredients.
  public enum Source: Sendable {
    /// A journal folder's `ingredients.jsonl`, with the built-in table unless `usesBuiltIn` is off.
    case journal(String)
    /// The built-in sample's.
    case sample
    /// The built-in table alone (outside any journal; `search` and `show`).
    case tableOnly

    /// The journal folder, if one is read.
    public var folder: String? {
      if case .journal(let path) = self { return path }
      return nil
    }
  }

  public var query: Query
  public var source: Source
  /// The settings the period of `popular` is read with, over the journal's.
  public var settings = ReportSettings()
  /// How many ingredients are shown at most; nil: the query's default.
  public var limit: Int?
  /// Whether the built-in table is searched with the journal's own ingredients.
  public var usesBuiltIn = true
  /// Whether the journal's caches are used (and kept).
  public var usesCache = true
  /// Whether invalid lines end the request (each said).
  public var strict = false
  /// No notes on standard error, only results and problems.
  public var quiet = false
  /// A report written as this plan says; nil: aligned text lines on standard output.
  public var output: OutputPlan?

  public init(_ query: Query, source: Source) {
    self.query = query
    self.source = source
  }
}
