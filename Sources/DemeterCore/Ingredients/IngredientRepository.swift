import DemeterDigests
import DemeterFoundation
import DemeterJournal

/// The ingredient database of a journal as a repository (manual: journal): lookups, ranked search, verified
/// and popular ingredients, and changes that rewrite `<journal>/ingredients.jsonl` atomically, under the
/// journal lock, with
/// every untouched line byte-identical (manual: writing).
///
/// Each call reads the file afresh, so the repository never works on stale data; a change reads,
/// changes and writes the file in one call. To make many changes with one write, read an
/// `IngredientFile`, change it, and `write()` it (as `importIngredients` does).
public struct IngredientRepository: Sendable {
  /// The journal folder.
  public let journal: String
  /// How a change waits for the journal lock.
  public var lockWaiting: JournalLock.Waiting

  /// The repository of the journal in `journal` (the folder must exist to write).
  public init(journal: String, lockWaiting: JournalLock.Waiting = JournalLock.Waiting()) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  /// `<journal>/ingredients.jsonl`.
  public var path: String { JournalLayout(journal: journal).ingredients }

  /// The file as it is now (empty when it does not exist).
  /// - Throws: `ModelError.persistenceError` when it exists but cannot be read.
  public func file() throws(ModelError) -> IngredientFile {
    try IngredientFile.read(path)
  }

  /// The ingredients in file order.
  public func fetchAll() throws(ModelError) -> [Ingredient] {
    try file().ingredients
  }

  // MARK: - Seed contract

  /// Adds `ingredient` as a new last line.
  /// - Throws: `ModelError.duplicateEntry` when its id is taken; `persistenceError` on I/O failure.
  public func create(_ ingredient: Ingredient) throws(ModelError) {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      var file = try file()
      try file.insert(ingredient)
      try file.write()
    }
  }

  /// The ingredient with this id, if any.
  public func fetch(id: String) throws(ModelError) -> Ingredient? {
    try file().ingredient(withID: id)
  }

  /// The first ingredient (in file order) whose name is `name`, ignoring case, diacritics and
  /// surrounding spaces.
  public func fetch(name: String) throws(ModelError) -> Ingredient? {
    let wanted = IngredientSearch.folded(name.trimmingSpacesAndNewlines())
    return try file().ingredients.first { IngredientSearch.folded($0.name) == wanted }
  }

  /// The ingredients matching `query`, ranked (see `IngredientSearch`), optionally only `category`.
  public func search(query: String, category: IngredientCategory? = nil) throws(ModelError) -> [Ingredient] {
    IngredientSearch.search(try file().ingredients, query: query, category: category)
  }

  /// The verified ingredients, in file order.
  public func fetchVerified() throws(ModelError) -> [Ingredient] {
    try file().ingredients.filter(\.isVerified)
  }

  /// The `limit` ingredients that the most entries of the whole journal reference (manual: journal: usage
  /// comes from the journal, not from `usageCount`). Reads every day file of the journal.
  public func fetchPopular(limit: Int) throws(ModelError) -> [IngredientPopularity] {
    let digests = DigestLoader.load(journal: journal)
    return try fetchPopular(limit: limit, digests: digests, period: nil)
  }

  /// The `limit` ingredients that the most entries of `digests` in `period` (nil: their whole span)
  /// reference, most first, ties by id. Ids the database lacks are left out.
  public func fetchPopular(limit: Int, digests: JournalDigests, period: Period?) throws(ModelError)
    -> [IngredientPopularity]
  {
    let database = try file().database
    return IngredientPopularity.rank(
      ingredient: database.ingredient(withID:), digests: digests, period: period, limit: limit)
  }

  /// Replaces the ingredient with `ingredient`'s id, keeping its line's place. An equal ingredient
  /// writes nothing.
  /// - Throws: `ModelError.notFound` when no ingredient has that id; `persistenceError` on I/O failure.
  public func update(_ ingredient: Ingredient) throws(ModelError) {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      var file = try file()
      if try file.replace(ingredient) { try file.write() }
    }
  }

  /// Removes the ingredient with this id.
  /// - Returns: the removed ingredient.
  /// - Throws: `ModelError.notFound` when no ingredient has that id; `persistenceError` on I/O failure.
  @discardableResult
  public func delete(id: String) throws(ModelError) -> Ingredient {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      var file = try file()
      let removed = try file.remove(id: id)
      try file.write()
      return removed
    }
  }
}

/// How many journal entries reference one ingredient.
public struct IngredientPopularity: Sendable, Hashable {
  public var ingredient: Ingredient
  /// Entries whose `matchedIngredientID` is the ingredient's id.
  public var entries: Int
  /// Their calories.
  public var calories: FixedSum

  /// The `limit` ingredients that the most entries of `digests` in `period` (nil: their whole
  /// span) reference, most first, ties by id; `ingredient` looks an id up (ids it lacks are left out).
  /// - Complexity: the merge of the period's detail (`JournalDigests.ingredientUsage(in:)`).
  public static func rank(
    ingredient: (String) -> Ingredient?, digests: JournalDigests, period: Period?, limit: Int
  ) -> [IngredientPopularity] {
    guard limit > 0, let span = period ?? digests.span else { return [] }
    var result: [IngredientPopularity] = []
    for usage in digests.ingredientUsage(in: span).used {
      guard let ingredient = ingredient(usage.ingredientID) else { continue }
      result.append(
        IngredientPopularity(ingredient: ingredient, entries: usage.entries, calories: usage.calories))
      if result.count == limit { break }
    }
    return result
  }
}
