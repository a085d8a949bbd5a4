import BuiltInIngredients
import DemeterCore
import DemeterReporting
import DemeterReports
import ReportFormats

/// `check [FILE…]`: validates the journal (or the named day files) and lists every problem.
enum CheckCommand {
  static let command = Command(
    name: "check",
    abstract: "Check the journal (or the named day files) and list every problem.",
    positionals: [.repeated("FILE", isOptional: true)],
    discussion: """
      Every problem is printed as path:line:column: error|warning: message, with the line and a caret.
      Every error is listed; of each kind of warning (another-days-file, no-final-newline, …), the first \
      \(DiagnosticGroups.shownPerKind), then a count of each kind; --all lists every one. The journal's \
      .demeter.json silences kinds: "silencedWarnings": ["another-days-file"].
      Exits with 1 if there are errors (with --strict, also if there are warnings not silenced), else 0.
      A FILE given as '-' is read from stdin, shown as --stdin-name PATH (its name gives its date).
      With --quiet nothing is printed when there is no problem.
      --strict also lists keys the tool does not know and timestamps without a UTC offset. The journal's \
      ingredients.jsonl and .demeter.json,
      if present, are checked too, and entries whose matchedIngredientID the database lacks are warned about.
      So are the recipes (recipes/ID.json): their format, and ingredients and portions that cannot be \
      resolved.
      So are the meal plans (plans/NAME.json): their format, recipes and ingredients that cannot be resolved,
      and a day that two plans plan.
      A report format (-f, -o) lists the same problems, with a count of each kind; with --all, every one.
      """,
    examples: [
      ("check", "Check the whole journal."),
      ("check journal/2026/2026-11-21.jsonl", "Check one day file (e.g. from a pre-commit hook)."),
      ("check --strict", "Treat warnings and unknown keys as failures."),
      ("check --all", "List every warning, not the first few of each kind."),
      (
        "check -q --stdin-name journal/2026/2026-11-21.jsonl -",
        "Check that day file's text given on stdin (a hook: git show :PATH | …); silent when it is fine."
      ),
      (
        "check -f json -o check.json",
        "The problems as a JSON report (also "
          + "\(BuiltInFormats.names.filter { $0 != "json" }.joined(separator: ", ")))."
      ),
    ],
    options: [
      CommonOptions.journal, CommonOptions.sample, CommonOptions.today, CommonOptions.timeZone,
      CommonOptions.strict, CommonOptions.quiet, CommonOptions.noCache, CommonOptions.stdinName, all,
    ]
      + OutputOptions.all,
    run: run)

  static let all = OptionSpec.flag(
    "all", help: "List every warning, not the first \(DiagnosticGroups.shownPerKind) of each kind.")

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let strict = arguments.has(CommonOptions.strict)
    let stdin = try CommonOptions.stdinDayFile(arguments, console)
    // Named files need no journal folder (its ingredients and config are checked when there is one).
    let folder: String? =
      arguments.positionals.isEmpty
      ? try CommonOptions.journalFolder(arguments) : try? CommonOptions.journalFolder(arguments)
    let config = folder.map { JournalConfig.load(journal: $0) }
    // The config's problems are listed with the journal's; its settings hold as for any command.
    let settings = JournalContext(
      folder: folder, config: config?.config ?? JournalConfig(), settings: try CommonOptions.settings(arguments))
    let zone = settings.zone
    // A journal folder's digests, warnings included, are kept in its cache like a report's (under
    // their own settings), so checking an unchanged journal again reads no day file.
    var options = CommonOptions.loadOptions(arguments, zone: zone)
    options.collectWarnings = true
    // A day file keeps the first few warnings of each kind, counting the others (never their text).
    let listsAll = arguments.has(all)
    options.warningsKeptPerKind = listsAll ? nil : DiagnosticGroups.shownPerKind
    options.reportUnknownKeys = strict
    // Only the totals: unknown ingredient ids are found by reading the files again where the
    // journal's cache holds no tallies of them (`JournalDigests.unknownReferences`).
    options.keepsDetail = false
    let progress = ProgressLine(quiet: arguments.has(CommonOptions.quiet), isTerminal: console.isTerminal(.error))
    options.progress = progress.workProgress
    // Read as reports read: file by file into day digests, never a table of the journal's rows.
    var digests: JournalDigests
    let journal: JournalSource?
    if arguments.positionals.isEmpty {
      journal = settings.source
      digests = journal!.digests(options, rules: DigestRules())
    } else {
      journal = folder.map { .folder(JournalLayout(journal: $0)) }
      let named = dayFiles(arguments.positionals.filter { $0 != "-" })
      let piped = (try? stdin?.get()).map { [$0] } ?? []
      digests = DigestLoader.load(files: named + piped, options: options)
      if case .failure(let problem) = stdin { digests.diagnostics.append(problem) }
    }
    progress.clear()
    var groups = DiagnosticGroups(
      shownPerKind: listsAll ? nil : DiagnosticGroups.shownPerKind,
      silenced: config?.config.silencedWarnings ?? [])
    groups.add(contentsOf: config?.diagnostics ?? [])
    groups.add(contentsOf: digests.diagnostics)
    digests.diagnostics = []
    if let ingredients = journal?.ingredients() {
      groups.add(contentsOf: ingredients.diagnostics)
      let catalog = IngredientCatalog(own: ingredients.database, builtIn: BuiltInIngredients.table)
      let recipes = journal?.folder.map { RecipeStore(journal: $0) }
      if ingredients.fileExists {
        let recipeIDs = Set(recipes?.ids() ?? SampleJournal.recipeIDs)
        groups.add(
          contentsOf: digests.unknownReferences(to: catalog) { reference in
            Recipe.id(fromReference: reference).map(recipeIDs.contains) ?? false
          })
      }
      groups.add(contentsOf: recipes?.problems(ingredient: catalog.ingredient(withID:)) ?? [])
      if let folder = journal?.folder {
        groups.add(
          contentsOf: PlanStore(journal: folder).problems(
            recipe: try JournalSource.folder(JournalLayout(journal: folder)).recipes(),
            ingredient: catalog.ingredient(withID:)))
      }
    }
    let failures = groups.errorCount + (strict ? groups.warningCount : 0)
    if [OutputOptions.format, OutputOptions.output, OutputOptions.template].contains(where: arguments.has) {
      let report = ReportBuilder.checkReport(groups, files: digests.fileCount, validEntries: digests.entryCount)
      try OutputOptions.emit(
        report, arguments: arguments, journal: journal?.folder, weekStart: .monday, console: &console)
      if failures > 0 { throw .journalErrors(count: failures) }
      return 0
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
    if !arguments.has(CommonOptions.quiet) {
      var warnings = "\(count: groups.warningCount, "warning")"
      let unlisted = groups.unlistedCount
      let silenced = groups.silencedCount
      if unlisted > 0 || silenced > 0 {
        warnings +=
          " (" + [unlisted > 0 ? "\(unlisted) not listed" : nil, silenced > 0 ? "\(silenced) silenced" : nil]
          .compactMap { $0 }.joined(separator: ", ") + ")"
      }
      console.print(
        "checked \(count: digests.fileCount, "file"), "
          + "\(count: digests.entryCount, "valid entry", plural: "valid entries"): "
          + "\(count: groups.errorCount, "error"), \(warnings)")
    }
    if failures > 0 { throw .journalErrors(count: failures) }
    return 0
  }

  private static func dayFiles(_ paths: [String]) -> [DayFile] {
    var files: [DayFile] = []
    for path in paths {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      files.append(DayFile(path: path, date: DayFileFinder.date(fromFileName: name)))
    }
    return files
  }
}
