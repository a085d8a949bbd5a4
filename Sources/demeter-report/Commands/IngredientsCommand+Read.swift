import DemeterCore
import DemeterReporting

/// `ingredients search`, `show`, `popular` and `verified`: reading the database.
extension IngredientsCommand {
  static func search(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    let query = arguments.positionals.joined(separator: " ")
    guard !query.isEmpty else {
      throw .usage("ingredients search needs a QUERY, e.g. 'demeter-report ingredients search egg'")
    }
    let limit = try limitValue(arguments, default: 20)
    let category = try categoryValue(arguments)
    let ingredients = try database(arguments, &console).ingredients
    let found = IngredientSearch.search(ingredients, query: query, category: category)
    if found.isEmpty {
      if !arguments.has("quiet") {
        console.error("demeter-report: no ingredient matches '\(TextEscaping.singleLine(query))'")
      }
      return 0
    }
    console.print(IngredientsText.list(found.prefix(limit)))
    note(shown: min(limit, found.count), of: found.count, what: "matches", arguments, &console)
    return 0
  }

  static func show(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
      throw .usage("ingredients show needs one ID, e.g. 'demeter-report ingredients show usda-sr-01001'")
    }
    let database = try database(arguments, &console)
    guard let ingredient = database.ingredient(withID: id) else {
      throw unknownID(id, among: database)
    }
    console.print(IngredientsText.details(ingredient))
    return 0
  }

  static func popular(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    let limit = try limitValue(arguments, default: 10)
    let folder = arguments.has("sample") ? nil : try CommonOptions.journalPath(arguments)
    let config = try CommonOptions.config(journal: folder, arguments, &console)
    let zone = try CommonOptions.timeZoneRule(arguments, config: config)
    let weekStart = try CommonOptions.weekStart(arguments, config: config)
    let today = try CommonOptions.today(arguments, zone: zone)
    let periodText = arguments.positionals.joined(separator: " ")
    var period: Period?
    if !periodText.isEmpty, periodText.lowercased() != "all" {
      do {
        period = try Period.parse(periodText, today: today, weekStart: weekStart)
      } catch {
        throw .usage(error.description)
      }
    }
    let database = try database(arguments, &console)
    let load = try JournalSource.from(arguments, today: today).load(
      CommonOptions.loadOptions(arguments, zone: zone))
    let errors = load.diagnostics.filter { $0.severity == .error }
    if arguments.has("strict"), !errors.isEmpty {
      for diagnostic in errors { console.error(diagnostic.rendered) }
      throw .journalErrors(count: errors.count)
    }
    if load.skippedLines > 0, !arguments.has("quiet") {
      console.error(
        "demeter-report: skipped \(count: load.skippedLines, "invalid journal line"); "
          + "run 'demeter-report check' for details")
    }
    let popular = IngredientPopularity.rank(
      database: database, table: load.table, period: period, limit: limit)
    if popular.isEmpty {
      if !arguments.has("quiet") {
        console.error("demeter-report: no entry references an ingredient of the database in this period")
      }
      return 0
    }
    console.print(IngredientsText.popular(popular))
    return 0
  }

  static func verified(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage("ingredients verified takes no arguments (got '\(arguments.positionals[0])')")
    }
    let limit = try limitValue(arguments, default: Int.max)
    let category = try categoryValue(arguments)
    let found = try database(arguments, &console).ingredients.filter {
      $0.isVerified && (category == nil || $0.category == category)
    }
    if found.isEmpty {
      if !arguments.has("quiet") { console.error("demeter-report: no verified ingredient") }
      return 0
    }
    console.print(IngredientsText.list(found.prefix(limit)))
    note(shown: min(limit, found.count), of: found.count, what: "verified ingredients", arguments, &console)
    return 0
  }

  // MARK: - Shared

  /// The database of `--sample` or the journal folder. Invalid lines are skipped with a one-line note
  /// (with `--strict` they are listed and end the command with 1).
  static func database(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError)
    -> IngredientDatabase
  {
    let database: IngredientDatabase
    let diagnostics: [Diagnostic]
    if arguments.has("sample") {
      guard !arguments.has("journal") else { throw .usage("give either --journal or --sample, not both") }
      let load = IngredientDatabase.load(
        bytes: SampleJournal.ingredientsText, path: SampleJournal.ingredientsPath)
      (database, diagnostics) = (load.database, load.diagnostics)
    } else {
      let file = try ingredientFile(arguments)
      (database, diagnostics) = (file.database, file.diagnostics)
    }
    if arguments.has("strict"), !diagnostics.isEmpty {
      for diagnostic in diagnostics { console.error(diagnostic.rendered) }
      throw .journalErrors(count: diagnostics.count)
    }
    if !diagnostics.isEmpty, !arguments.has("quiet") {
      console.error(
        "demeter-report: skipped \(count: diagnostics.count, "invalid line") in "
          + "\(IngredientDatabase.fileName); run 'demeter-report check' for details")
    }
    return database
  }

  /// The journal folder's ingredient file (empty when there is none).
  static func ingredientFile(_ arguments: ParsedArguments) throws(CLIError) -> IngredientFile {
    let repository = IngredientRepository(journal: try CommonOptions.journalPath(arguments))
    do throws(ModelError) {
      return try repository.file()
    } catch {
      throw .io(error.message)
    }
  }

  /// `--limit`: a whole number ≥ 1.
  static func limitValue(_ arguments: ParsedArguments, default fallback: Int) throws(CLIError) -> Int {
    guard let text = arguments.value("limit") else { return fallback }
    guard let value = Int(text), value >= 1 else {
      throw .usage("--limit must be a whole number ≥ 1 (got '\(TextEscaping.singleLine(text))')")
    }
    return value
  }

  /// `--category`, if given.
  static func categoryValue(_ arguments: ParsedArguments) throws(CLIError) -> IngredientCategory? {
    guard let text = arguments.value("category") else { return nil }
    guard let category = IngredientCategory(rawValue: text.lowercased()) else {
      throw .usage(
        "--category must be one of "
          + IngredientCategory.allCases.map(\.rawValue).joined(separator: ", ")
          + " (got '\(TextEscaping.singleLine(text))')")
    }
    return category
  }

  /// The usage error for an id the database lacks, with the closest id when one is near.
  static func unknownID(_ id: String, among database: IngredientDatabase) -> CLIError {
    var message = "no ingredient has the id '\(TextEscaping.singleLine(id))'"
    if let near = Suggestion.closest(to: id, among: database.ingredients.map(\.id)) {
      message += "; did you mean '\(TextEscaping.singleLine(near))'?"
    } else {
      message += "; find ids with 'demeter-report ingredients search NAME'"
    }
    return .usage(message)
  }

  /// `showing 20 of 143 matches; use --limit` on stderr when the list was cut (unless `--quiet`).
  private static func note(
    shown: Int, of total: Int, what: String, _ arguments: ParsedArguments, _ console: inout Console
  ) {
    guard shown < total, !arguments.has("quiet") else { return }
    console.error("demeter-report: showing \(shown) of \(total) \(what); use --limit N for more")
  }
}
