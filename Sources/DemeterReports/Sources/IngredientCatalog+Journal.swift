import BuiltInIngredients
import DemeterCore
import DemeterReporting

extension IngredientCatalog {
  /// The ingredients of the journal folder `journal` (the sample's when nil), searched with the
  /// built-in table unless `builtIn` is off; the journal's file comes through its cache
  /// (`IngredientFileCache`) unless `usesCache` is off, so it is not parsed on every run. Its invalid
  /// lines are said as `ReportProblems.sayIngredientFile` says them.
  public static func journal(
    _ journal: String?, builtIn: Bool, usesCache: Bool, strict: Bool, quiet: Bool, _ console: inout Console
  ) throws(CommandError) -> IngredientCatalog {
    let own: IngredientFileCache.Load
    if let journal {
      do throws(ModelError) {
        own = try IngredientFileCache.load(journal: journal, usingCache: usesCache)
      } catch {
        throw .io(error.message)
      }
    } else {
      let load = IngredientDatabase.sample
      own = IngredientFileCache.Load(
        ingredients: load.database, index: IngredientIndex(load.database.ingredients),
        diagnostics: load.diagnostics)
    }
    try ReportProblems.sayIngredientFile(own.diagnostics, strict: strict, quiet: quiet, &console)
    return builtIn
      ? BuiltInIngredients.catalog(own: own.ingredients, ownIndex: own.index)
      : IngredientCatalog(own: own.ingredients, ownIndex: own.index, builtIn: nil)
  }
}

extension IngredientDatabase {
  /// The sample journal's ingredients.
  public static var sample: IngredientDatabase.Load {
    IngredientDatabase.load(bytes: SampleJournal.ingredientsText, path: SampleJournal.ingredientsPath)
  }
}

extension IngredientCatalog {
  /// The ingredient an ID-or-NAME names (an id, else a good match for the name).
  /// - Throws: a usage error naming the closest ingredients (the closest id for one word).
  public func resolving(_ wanted: String, uses: [String: Int]) throws(CommandError) -> Ingredient {
    if let ingredient = resolve(wanted, uses: uses) { return ingredient }
    var message = "no ingredient has the id or name '\(TextEscaping.singleLine(wanted))'"
    let result = search(wanted, limit: 3, uses: uses)
    let near = result.matches.isEmpty ? result.closest : result.matches
    // Something written like an id (one word) gets the closest id.
    if !wanted.contains(" "), let id = Suggestion.closest(to: wanted, among: ids) {
      message += "; did you mean '\(TextEscaping.singleLine(id))'?"
    } else if !near.isEmpty {
      message += "; closest: " + Self.closestNames(near.map(\.ingredient))
    } else {
      message += "; find ingredients with 'demeter-report ingredients search WORDS'"
    }
    throw .usage(message)
  }

  /// `name (id), name (id)` of up to three ingredients.
  public static func closestNames(_ ingredients: [Ingredient]) -> String {
    ingredients.prefix(3).map {
      "\(TextEscaping.singleLine($0.name)) (\(TextEscaping.singleLine($0.id)))"
    }.joined(separator: ", ")
  }
}

extension IngredientDatabase {
  /// The database of the journal folder `journal`, or of the sample when that is nil. Invalid lines
  /// are said as `ReportProblems.sayIngredientFile` says them.
  static func of(_ journal: String?, strict: Bool, quiet: Bool, _ console: inout Console) throws(CommandError)
    -> IngredientDatabase
  {
    let (database, diagnostics): (IngredientDatabase, [Diagnostic])
    if let journal {
      let file = try IngredientFile.of(journal: journal)
      (database, diagnostics) = (file.database, file.diagnostics)
    } else {
      let load = IngredientDatabase.sample
      (database, diagnostics) = (load.database, load.diagnostics)
    }
    try ReportProblems.sayIngredientFile(diagnostics, strict: strict, quiet: quiet, &console)
    return database
  }
}

extension IngredientFile {
  /// The ingredient file of the journal folder `journal` (empty when there is none).
  /// - Throws: an I/O error when it cannot be read.
  public static func of(journal: String) throws(CommandError) -> IngredientFile {
    do throws(ModelError) {
      return try IngredientRepository(journal: journal).file()
    } catch {
      throw .io(error.message)
    }
  }
}
