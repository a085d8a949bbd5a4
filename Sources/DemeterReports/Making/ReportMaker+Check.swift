import BuiltInIngredients
import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// Checks what `request` names and lists every problem (or writes them as a report), then a
  /// summary line unless quiet.
  /// - Throws: `CommandError.journalErrors` when there are errors (with `strict`, also warnings not
  ///   silenced); an I/O error when the config cannot be read; a report's output errors.
  public static func check(_ request: CheckRequest, _ console: inout Console) throws(CommandError) {
    let folder = request.source.journal
    let config = folder.map { JournalConfig.load(journal: $0) }
    // The config's problems are listed with the journal's; its settings hold as for any command.
    let settings = JournalContext(
      folder: folder, config: config?.config ?? JournalConfig(), settings: request.settings)
    // A journal folder's digests, warnings included, are kept in its cache like a report's (under
    // their own settings), so checking an unchanged journal again reads no day file.
    var options = JournalLoadOptions.reading(zone: settings.zone, usesCache: request.usesCache)
    options.collectWarnings = true
    // A day file keeps the first few warnings of each kind, counting the others (never their text).
    options.warningsKeptPerKind = request.listsAll ? nil : DiagnosticGroups.shownPerKind
    options.reportUnknownKeys = request.strict
    let journal: JournalSource? =
      switch request.source {
      case .journal: settings.source
      case .files: folder.map { .folder(JournalLayout(journal: $0)) }
      }
    let ingredients = journal?.ingredients()
    // Only the totals, unless a journal's own ingredients are checked through its cache: then the
    // tallies of the ingredients its entries name are kept there, so that checking it again reads
    // no day file to find the unknown ones (`JournalDigests.unknownReferences`), and are read with
    // the totals (asked after them, they would be a second read of every file).
    if case .journal = request.source, request.usesCache, ingredients?.fileExists == true {
      options.keepsDetail = true
    } else {
      options.keepsDetail = false
    }
    let progress = ProgressLine(quiet: request.quiet, isTerminal: console.isTerminal(.error))
    options.progress = progress.workProgress
    // Read as reports read: file by file into day digests, never a table of the journal's rows.
    var digests: JournalDigests
    switch request.source {
    case .journal:
      // A check lists no flagged entry: its digests keep as few as a list can (0 would keep all).
      digests = settings.source.digests(options, rules: DigestRules(reviewLimit: 1))
    case .files(let paths, let piped, _):
      let named = paths.map { path in
        DayFile(
          path: path,
          date: DayFileFinder.date(fromFileName: path.split(separator: "/").last.map(String.init) ?? path))
      }
      digests = DigestLoader.load(files: named + ((try? piped?.get()).map { [$0] } ?? []), options: options)
      if case .failure(let problem) = piped { digests.diagnostics.append(problem) }
    }
    progress.clear()
    var groups = DiagnosticGroups(
      shownPerKind: request.listsAll ? nil : DiagnosticGroups.shownPerKind,
      silenced: config?.config.silencedWarnings ?? [])
    groups.add(contentsOf: config?.diagnostics ?? [])
    groups.add(contentsOf: digests.diagnostics)
    digests.diagnostics = []
    if let journal, let ingredients {
      try addJournalFileProblems(journal, ingredients: ingredients, digests: digests, to: &groups)
      groups.add(contentsOf: journal.bodyLog(listingUnknownKeys: request.strict).diagnostics)
    }
    let failures = groups.errorCount + (request.strict ? groups.warningCount : 0)
    if let output = request.output {
      let report = ReportBuilder.checkReport(
        groups, files: digests.fileCount, validEntries: digests.entryCount)
      try output.format(journal: journal?.folder).write(report, weekStart: .monday, &console)
      if failures > 0 { throw .journalErrors(count: failures) }
      return
    }
    // One write for the listed problems (most of them plain ASCII, passed through as they are).
    if !groups.listed.isEmpty {
      console.error(groups.listed.map(\.rendered).joined(separator: "\n"))
    }
    let kindLines = groups.kindLines
    if !kindLines.isEmpty {
      console.error(
        "demeter-report: warnings by kind (check --all lists every one; \"silencedWarnings\": [KIND] in "
          + "\(JournalConfig.fileName) silences a kind):\n" + kindLines.joined(separator: "\n"))
    }
    if config?.unreadable == true {
      throw .io("cannot read the journal's \(JournalConfig.fileName) (see above)")
    }
    if !request.quiet {
      console.print(summary(groups, files: digests.fileCount, entries: digests.entryCount))
    }
    if failures > 0 { throw .journalErrors(count: failures) }
  }

  /// The problems of the journal's files beside its day files: its ingredients, the entries naming
  /// an ingredient it lacks, its recipes and its plans.
  private static func addJournalFileProblems(
    _ journal: JournalSource, ingredients: IngredientDatabase.Load, digests: JournalDigests,
    to groups: inout DiagnosticGroups
  ) throws(CommandError) {
    groups.add(contentsOf: ingredients.diagnostics)
    let catalog = IngredientCatalog(own: ingredients.database, builtIn: BuiltInIngredients.table)
    let recipes = journal.folder.map { RecipeStore(journal: $0) }
    if ingredients.fileExists {
      let recipeIDs = Set(recipes?.ids() ?? SampleJournal.recipeIDs)
      groups.add(
        contentsOf: digests.unknownReferences(to: catalog) { reference in
          Recipe.id(fromReference: reference).map(recipeIDs.contains) ?? false
        })
    }
    groups.add(contentsOf: recipes?.problems(ingredient: catalog.ingredient(withID:)) ?? [])
    if let folder = journal.folder {
      groups.add(
        contentsOf: PlanStore(journal: folder).problems(
          recipe: try JournalSource.folder(JournalLayout(journal: folder)).recipes(),
          ingredient: catalog.ingredient(withID:)))
    }
  }

  /// `checked 3 files, 40 valid entries: 1 error, 7 warnings (2 not listed, 1 silenced)`.
  private static func summary(_ groups: DiagnosticGroups, files: Int, entries: Int) -> String {
    var warnings = "\(count: groups.warningCount, "warning")"
    let unlisted = groups.unlistedCount
    let silenced = groups.silencedCount
    if unlisted > 0 || silenced > 0 {
      warnings +=
        " ("
        + [unlisted > 0 ? "\(unlisted) not listed" : nil, silenced > 0 ? "\(silenced) silenced" : nil]
        .compactMap { $0 }.joined(separator: ", ") + ")"
    }
    return "checked \(count: files, "file"), \(count: entries, "valid entry", plural: "valid entries"): "
      + "\(count: groups.errorCount, "error"), \(warnings)"
  }
}
