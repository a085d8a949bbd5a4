import BuiltInIngredients
import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// Answers `request`: the ingredients it asks for as aligned text or as a report; a note on
  /// standard error (unless quiet) when nothing is found or the list is cut.
  /// - Throws: a usage error for an empty query, a name nothing resolves or a bad period; journal
  ///   errors with `strict`; an I/O error when a file cannot be read; a report's output errors.
  public static func ingredients(_ request: IngredientsRequest, _ console: inout Console) throws(CommandError)
  {
    let limit = request.limit ?? request.query.defaultLimit
    let folder = request.source.folder
    switch request.query {
    case .search(let query, let category):
      guard !query.isEmpty else {
        throw .usage("ingredients search needs a QUERY, e.g. 'demeter-report ingredients search egg'")
      }
      let catalog = try IngredientCatalog.of(request, &console)
      let result = catalog.search(query, category: category, limit: limit, uses: uses(request))
      let shown = "'\(TextEscaping.singleLine(query))'"
      guard !result.matches.isEmpty else {
        if !request.quiet {
          var message = "demeter-report: no ingredient matches \(shown)"
          if let category { message += " in category \(category.rawValue)" }
          if !result.closest.isEmpty {
            message += "; closest: " + IngredientCatalog.closestNames(result.closest.map(\.ingredient))
          }
          console.error(message)
        }
        return
      }
      if !result.isGood, !request.quiet {
        console.error("demeter-report: nothing matches \(shown) well; these are the closest")
      }
      let found = result.matches.map(\.ingredient)
      try write(request, &console) {
        ReportBuilder.ingredientList(
          title: "Ingredients matching \(shown)", ingredients: found, total: result.total)
      } text: {
        IngredientsText.list(found)
      }
      note(shown: found.count, of: result.total, what: "matches", request, &console)
    case .show(let wanted):
      guard !wanted.isEmpty else {
        throw .usage(
          "ingredients show needs an ID or a NAME, e.g. 'demeter-report ingredients show usda-sr-01001' or "
            + "'demeter-report ingredients show butter'")
      }
      let catalog = try IngredientCatalog.of(request, &console)
      let ingredient = try catalog.resolving(wanted, uses: uses(request))
      try write(request, &console) {
        ReportBuilder.ingredientDetails(ingredient)
      } text: {
        IngredientsText.details(ingredient)
      }
    case .popular(let periodText):
      let settings = try JournalContext(
        folder: folder, settings: request.settings, quiet: request.quiet, &console)
      var period: Period?
      if !periodText.isEmpty, periodText.lowercased() != "all" {
        do {
          period = try Period.parse(periodText, today: settings.today, weekStart: settings.weekStart)
        } catch {
          throw .usage(error.description)
        }
      }
      let catalog = try IngredientCatalog.of(request, &console)
      let digests = settings.source.digests(
        .reading(zone: settings.zone, usesCache: request.usesCache), rules: DigestRules())
      try ReportProblems.failIfStrict(
        digests.diagnostics.filter { $0.severity == .error }, strict: request.strict, &console)
      if digests.skippedLines > 0, !request.quiet {
        console.error(
          "demeter-report: skipped \(count: digests.skippedLines, "invalid journal line"); "
            + "run 'demeter-report check' for details")
      }
      let popular = IngredientPopularity.rank(
        ingredient: catalog.ingredient(withID:), digests: digests, period: period, limit: limit)
      if popular.isEmpty {
        if !request.quiet {
          console.error("demeter-report: no entry references an ingredient of the database in this period")
        }
        return
      }
      try write(request, &console) {
        ReportBuilder.ingredientPopularity(popular, title: "Most used ingredients")
      } text: {
        IngredientsText.popular(popular)
      }
    case .verified(let category):
      let found = try IngredientDatabase.of(folder, strict: request.strict, quiet: request.quiet, &console)
        .ingredients.filter { $0.isVerified && (category == nil || $0.category == category) }
      if found.isEmpty {
        if !request.quiet { console.error("demeter-report: no verified ingredient") }
        return
      }
      let shown = Array(found.prefix(limit))
      try write(request, &console) {
        ReportBuilder.ingredientList(title: "Verified ingredients", ingredients: shown, total: found.count)
      } text: {
        IngredientsText.list(shown)
      }
      note(shown: shown.count, of: found.count, what: "verified ingredients", request, &console)
    }
  }

  /// The answer as a report where the request asks for one (with the templates of its journal),
  /// else as aligned text.
  private static func write(
    _ request: IngredientsRequest, _ console: inout Console, report: () -> ReportModel, text: () -> String
  ) throws(CommandError) {
    guard let output = request.output else { return console.print(text()) }
    try output.format(journal: request.source.folder).write(report(), weekStart: .monday, &console)
  }

  /// How many entries of the journal reference each ingredient id (none for the sample), kept
  /// beside the digest cache (`IngredientUsageCache`), so a search or `show` after the first reads
  /// no day file and never evicts a report's digest index.
  private static func uses(_ request: IngredientsRequest) -> [String: Int] {
    guard let journal = request.source.folder else { return [:] }
    return IngredientUsageCache.uses(journal: journal, usingCache: request.usesCache)
  }

  /// `showing 20 of 143 matches; use --limit` on stderr when the list was cut (unless quiet).
  private static func note(
    shown: Int, of total: Int, what: String, _ request: IngredientsRequest, _ console: inout Console
  ) {
    guard shown < total, !request.quiet else { return }
    console.error("demeter-report: showing \(shown) of \(total) \(what); use --limit N for more")
  }
}

extension IngredientCatalog {
  /// The catalog `request` searches: a journal's own ingredients or the sample's, with the built-in
  /// table unless the request turns it off (`journal(_:builtIn:usesCache:strict:quiet:_:)`), or the
  /// built-in table alone.
  fileprivate static func of(_ request: IngredientsRequest, _ console: inout Console) throws(CommandError)
    -> IngredientCatalog
  {
    let journal: String?
    switch request.source {
    case .journal(let path): journal = path
    case .sample: journal = nil
    case .tableOnly: return BuiltInIngredients.catalog(own: IngredientDatabase())
    }
    return try .journal(
      journal, builtIn: request.usesBuiltIn, usesCache: request.usesCache, strict: request.strict,
      quiet: request.quiet, &console)
  }
}
