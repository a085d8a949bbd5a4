import BuiltInIngredients
import DemeterCore
import DemeterReporting
import DemeterReports

/// `ingredients search`, `show`, `popular` and `verified`: reading the database.
extension IngredientsCommand {
  static func search(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let query = arguments.positionals.joined(separator: " ")
    guard !query.isEmpty else {
      throw .usage("ingredients search needs a QUERY, e.g. 'demeter-report ingredients search egg'")
    }
    let limit = try limitValue(arguments, default: 20)
    let category = try categoryValue(arguments)
    let searched = try Searched(arguments)
    let journal = searched.journal
    let catalog = try catalog(searched, arguments, &console)
    let result = catalog.search(query, category: category, limit: limit, uses: uses(journal, arguments))
    let shown = "'\(TextEscaping.singleLine(query))'"
    guard !result.matches.isEmpty else {
      if !arguments.has(CommonOptions.quiet) {
        var message = "demeter-report: no ingredient matches \(shown)"
        if let category { message += " in category \(category.rawValue)" }
        if !result.closest.isEmpty {
          message += "; closest: " + closestNames(result.closest.map(\.ingredient))
        }
        console.error(message)
      }
      return 0
    }
    if !result.isGood, !arguments.has(CommonOptions.quiet) {
      console.error("demeter-report: nothing matches \(shown) well; these are the closest")
    }
    let found = result.matches.map(\.ingredient)
    if usesReportModel(arguments) {
      let model = ReportBuilder.ingredientList(
        title: "Ingredients matching \(shown)", ingredients: found, total: result.total)
      try emit(model, journal, arguments, &console)
    } else {
      console.print(IngredientsText.list(found))
    }
    note(shown: found.count, of: result.total, what: "matches", arguments, &console)
    return 0
  }

  static func show(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let wanted = arguments.positionals.joined(separator: " ")
    guard !wanted.isEmpty else {
      throw .usage(
        "ingredients show needs an ID or a NAME, e.g. 'demeter-report ingredients show usda-sr-01001' or "
          + "'demeter-report ingredients show butter'")
    }
    let searched = try Searched(arguments)
    let journal = searched.journal
    let catalog = try catalog(searched, arguments, &console)
    let ingredient = try resolve(wanted, in: catalog, uses: uses(journal, arguments))
    if usesReportModel(arguments) {
      try emit(ReportBuilder.ingredientDetails(ingredient), journal, arguments, &console)
    } else {
      console.print(IngredientsText.details(ingredient))
    }
    return 0
  }

  static func popular(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let limit = try limitValue(arguments, default: 10)
    let settings = try JournalContext(arguments, &console)
    let periodText = arguments.positionals.joined(separator: " ")
    var period: Period?
    if !periodText.isEmpty, periodText.lowercased() != "all" {
      do {
        period = try Period.parse(periodText, today: settings.today, weekStart: settings.weekStart)
      } catch {
        throw .usage(error.description)
      }
    }
    let catalog = try catalog(settings.source.folder, arguments, &console)
    let digests = settings.source.digests(settings.loadOptions(arguments), rules: DigestRules())
    try CommonOptions.failIfStrict(digests.diagnostics.filter { $0.severity == .error }, arguments, &console)
    if digests.skippedLines > 0, !arguments.has(CommonOptions.quiet) {
      console.error(
        "demeter-report: skipped \(count: digests.skippedLines, "invalid journal line"); "
          + "run 'demeter-report check' for details")
    }
    let popular = IngredientPopularity.rank(
      ingredient: catalog.ingredient(withID:), digests: digests, period: period, limit: limit)
    if popular.isEmpty {
      if !arguments.has(CommonOptions.quiet) {
        console.error("demeter-report: no entry references an ingredient of the database in this period")
      }
      return 0
    }
    if usesReportModel(arguments) {
      let model = ReportBuilder.ingredientPopularity(popular, title: "Most used ingredients")
      try emit(model, settings.source.folder, arguments, &console)
    } else {
      console.print(IngredientsText.popular(popular))
    }
    return 0
  }

  static func verified(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage("ingredients verified takes no arguments (got '\(arguments.positionals[0])')")
    }
    let limit = try limitValue(arguments, default: Int.max)
    let category = try categoryValue(arguments)
    let journal = try CommonOptions.journalFolder(arguments)
    let found = try database(journal, arguments, &console).ingredients.filter {
      $0.isVerified && (category == nil || $0.category == category)
    }
    if found.isEmpty {
      if !arguments.has(CommonOptions.quiet) { console.error("demeter-report: no verified ingredient") }
      return 0
    }
    let shown = Array(found.prefix(limit))
    if usesReportModel(arguments) {
      let model = ReportBuilder.ingredientList(
        title: "Verified ingredients", ingredients: shown, total: found.count)
      try emit(model, journal, arguments, &console)
    } else {
      console.print(IngredientsText.list(shown))
    }
    note(shown: shown.count, of: found.count, what: "verified ingredients", arguments, &console)
    return 0
  }

  // MARK: - Shared

  /// The database of the journal folder `journal` (`JournalSource.folder`), or of the sample when
  /// that is nil. Invalid lines are skipped with a one-line note (with `--strict` they are listed and
  /// end the command with 1).
  static func database(_ journal: String?, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> IngredientDatabase
  {
    let database: IngredientDatabase
    let diagnostics: [Diagnostic]
    if let journal {
      let file = try ingredientFile(journal)
      (database, diagnostics) = (file.database, file.diagnostics)
    } else {
      let load = IngredientDatabase.sample
      (database, diagnostics) = (load.database, load.diagnostics)
    }
    try ReportProblems.sayIngredientFile(
      diagnostics, strict: arguments.has(CommonOptions.strict), quiet: arguments.has(CommonOptions.quiet),
      &console)
    return database
  }

  /// The ingredients of the journal folder `journal` (the sample's when nil) searched with the
  /// built-in table unless `--no-builtin` (`IngredientCatalog.journal`).
  static func catalog(_ journal: String?, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> IngredientCatalog
  {
    try IngredientCatalog.journal(
      journal, builtIn: !arguments.has(noBuiltIn), usesCache: CommonOptions.usesCache(arguments),
      strict: arguments.has(CommonOptions.strict), quiet: arguments.has(CommonOptions.quiet), &console)
  }

  /// What `search` and `show` read with the built-in table: a journal's own foods, the sample's, or,
  /// outside any journal (none named or in sight), nothing else.
  enum Searched {
    case journal(String)
    case sample
    case tableOnly

    init(_ arguments: ParsedArguments) throws(CommandError) {
      if arguments.has(CommonOptions.sample) {
        _ = try CommonOptions.journalFolder(arguments)
        self = .sample
      } else if let path = try CommonOptions.foundJournalPath(arguments) {
        self = .journal(path)
      } else if arguments.has(noBuiltIn) {
        throw .usage("--no-builtin searches a journal's ingredients.jsonl alone, and no journal is in sight")
      } else {
        self = .tableOnly
      }
    }

    /// The journal folder, if one is read.
    var journal: String? {
      if case .journal(let path) = self { return path }
      return nil
    }
  }

  /// The catalog `searched` names (`catalog(_:_:_:)`; the built-in table alone outside a journal).
  static func catalog(_ searched: Searched, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> IngredientCatalog
  {
    switch searched {
    case .journal(let path): try catalog(path, arguments, &console)
    case .sample: try catalog(nil, arguments, &console)
    case .tableOnly: BuiltInIngredients.catalog(own: IngredientDatabase())
    }
  }

  /// How many entries of the journal reference each ingredient id (none for `--sample`), kept
  /// beside the digest cache (`IngredientUsageCache`), so a search or `show` after the first reads
  /// no day file and never evicts a report's digest index.
  static func uses(_ journal: String?, _ arguments: ParsedArguments) -> [String: Int] {
    guard let journal else { return [:] }
    return IngredientUsageCache.uses(journal: journal, usingCache: CommonOptions.usesCache(arguments))
  }

  /// The ingredient an ID-or-NAME names (an id, else a good match for the name), or a usage error
  /// naming the closest ingredients.
  static func resolve(_ wanted: String, in catalog: IngredientCatalog, uses: [String: Int]) throws(CommandError)
    -> Ingredient
  {
    if let ingredient = catalog.resolve(wanted, uses: uses) { return ingredient }
    var message = "no ingredient has the id or name '\(TextEscaping.singleLine(wanted))'"
    let result = catalog.search(wanted, limit: 3, uses: uses)
    let near = result.matches.isEmpty ? result.closest : result.matches
    // Something written like an id (one word) gets the closest id.
    if !wanted.contains(" "), let id = Suggestion.closest(to: wanted, among: catalog.ids) {
      message += "; did you mean '\(TextEscaping.singleLine(id))'?"
    } else if !near.isEmpty {
      message += "; closest: " + closestNames(near.map(\.ingredient))
    } else {
      message += "; find ingredients with 'demeter-report ingredients search WORDS'"
    }
    throw .usage(message)
  }

  /// `name (id), name (id)` of up to three ingredients.
  static func closestNames(_ ingredients: [Ingredient]) -> String {
    ingredients.prefix(3).map {
      "\(TextEscaping.singleLine($0.name)) (\(TextEscaping.singleLine($0.id)))"
    }.joined(separator: ", ")
  }

  /// Whether the output options ask for a report format (else the aligned text lists are printed).
  static func usesReportModel(_ arguments: ParsedArguments) -> Bool {
    [OutputOptions.format, OutputOptions.output, OutputOptions.template].contains { arguments.has($0) }
  }

  /// Renders a report of the subcommand's result as the output options say (with the templates of
  /// the journal folder `journal`, if any).
  static func emit(
    _ report: ReportModel, _ journal: String?, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CommandError) {
    try OutputOptions.emit(
      report, arguments: arguments, journal: journal, weekStart: .monday, console: &console)
  }

  /// The ingredient file of the journal folder `journal` (empty when there is none).
  static func ingredientFile(_ journal: String) throws(CommandError) -> IngredientFile {
    let repository = IngredientRepository(journal: journal)
    do throws(ModelError) {
      return try repository.file()
    } catch {
      throw .io(error.message)
    }
  }

  /// `--limit`: a whole number ≥ 1.
  static func limitValue(_ arguments: ParsedArguments, default fallback: Int) throws(CommandError) -> Int {
    guard let text = arguments.value(limit) else { return fallback }
    guard let value = Int(text), value >= 1 else {
      throw .usage("--limit must be a whole number ≥ 1 (got '\(TextEscaping.singleLine(text))')")
    }
    return value
  }

  /// `--category`, if given.
  static func categoryValue(_ arguments: ParsedArguments) throws(CommandError) -> IngredientCategory? {
    guard let text = arguments.value(category) else { return nil }
    guard let category = IngredientCategory(rawValue: text.lowercased()) else {
      throw .usage(
        "--category must be one of "
          + IngredientCategory.allCases.map(\.rawValue).joined(separator: ", ")
          + " (got '\(TextEscaping.singleLine(text))')")
    }
    return category
  }

  /// `showing 20 of 143 matches; use --limit` on stderr when the list was cut (unless `--quiet`).
  private static func note(
    shown: Int, of total: Int, what: String, _ arguments: ParsedArguments, _ console: inout Console
  ) {
    guard shown < total, !arguments.has(CommonOptions.quiet) else { return }
    console.error("demeter-report: showing \(shown) of \(total) \(what); use --limit N for more")
  }
}
