import DemeterCore
import DemeterReporting
import DemeterReports

/// `ingredients search`, `show`, `popular` and `verified`: an `IngredientsRequest` from the options.
extension IngredientsCommand {
  static func search(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let query = arguments.positionals.joined(separator: " ")
    return try answer(
      .search(query, category: try categoryValue(arguments)), from: try searched(arguments), arguments,
      &console)
  }

  static func show(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let wanted = arguments.positionals.joined(separator: " ")
    return try answer(.show(wanted), from: try searched(arguments), arguments, &console)
  }

  static func popular(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let period = arguments.positionals.joined(separator: " ")
    return try answer(
      .popular(period: period), from: try journalOrSample(arguments),
      settings: try CommonOptions.settings(arguments),
      arguments, &console)
  }

  static func verified(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage("ingredients verified takes no arguments (got '\(arguments.positionals[0])')")
    }
    return try answer(
      .verified(category: try categoryValue(arguments)), from: try journalOrSample(arguments), arguments,
      &console)
  }

  /// Makes the request the options give for `query` of `source` (a period read with `settings`).
  private static func answer(
    _ query: IngredientsRequest.Query, from source: IngredientsRequest.Source,
    settings: ReportSettings = ReportSettings(), _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CommandError) -> Int32 {
    var request = IngredientsRequest(query, source: source)
    request.limit = try limitValue(arguments)
    request.settings = settings
    request.usesBuiltIn = !arguments.has(noBuiltIn)
    CommonOptions.reading(&request, arguments)
    request.output = try OutputOptions.reportPlan(arguments)
    try ReportMaker.ingredients(request, &console)
    return 0
  }

  // MARK: - Shared

  /// The ingredients of the journal folder `journal` (the sample's when nil) searched with the
  /// built-in table unless `--no-builtin` (`IngredientCatalog.journal`).
  static func catalog(_ journal: String?, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> IngredientCatalog
  {
    try IngredientCatalog.journal(
      journal, builtIn: !arguments.has(noBuiltIn), usesCache: CommonOptions.usesCache(arguments),
      strict: arguments.has(CommonOptions.strict), quiet: arguments.has(CommonOptions.quiet), &console)
  }

  /// The journal folder the options name, or the sample with `--sample`.
  private static func journalOrSample(_ arguments: ParsedArguments) throws(CommandError)
    -> IngredientsRequest.Source
  {
    try CommonOptions.journalFolder(arguments).map { .journal($0) } ?? .sample
  }

  /// What `search` and `show` read with the built-in table: a journal's own foods, the sample's, or,
  /// outside any journal (none named or in sight), nothing else.
  private static func searched(_ arguments: ParsedArguments) throws(CommandError) -> IngredientsRequest.Source
  {
    if arguments.has(CommonOptions.sample) {
      _ = try CommonOptions.journalFolder(arguments)
      return .sample
    } else if let path = try CommonOptions.foundJournalPath(arguments) {
      return .journal(path)
    } else if arguments.has(noBuiltIn) {
      throw .usage("--no-builtin searches a journal's ingredients.jsonl alone, and no journal is in sight")
    }
    return .tableOnly
  }

  /// Renders a report of the subcommand's result as the output options say (with the templates of
  /// the journal folder `journal`, if any).
  static func emit(
    _ report: ReportModel, _ journal: String?, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CommandError) {
    try OutputOptions.emit(
      report, arguments: arguments, journal: journal, weekStart: .monday, console: &console)
  }

  /// `--limit`: a whole number ≥ 1, when given.
  private static func limitValue(_ arguments: ParsedArguments) throws(CommandError) -> Int? {
    guard let text = arguments.value(limit) else { return nil }
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
}
