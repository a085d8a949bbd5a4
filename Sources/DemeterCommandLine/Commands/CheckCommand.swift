import BuiltInIngredients
import DemeterCore
import DemeterReporting
import ReportFormats

/// `check [FILE…]`: validates the journal (or the named day files) and lists every problem.
enum CheckCommand {
  static let command = Command(
    name: "check",
    abstract: "Check the journal (or the named day files) and list every problem.",
    positionals: [.repeated("FILE", isOptional: true)],
    discussion: """
      Every problem is printed as path:line:column: error|warning: message, with the line and a caret.
      Exits with 1 if there are errors (with --strict, also if there are warnings), else 0.
      A FILE given as '-' is read from stdin, shown as --stdin-name PATH (its name gives its date).
      With --quiet nothing is printed when there is no problem.
      --strict also lists keys the tool does not know and timestamps without a UTC offset. The journal's \
      ingredients.jsonl and .demeter.json,
      if present, are checked too, and entries whose matchedIngredientID the database lacks are warned about.
      So are the recipes (recipes/ID.json): their format, and ingredients and portions that cannot be \
      resolved.
      So are the meal plans (plans/NAME.json): their format, recipes and ingredients that cannot be resolved,
      and a day that two plans plan.
      """,
    examples: [
      ("check", "Check the whole journal."),
      ("check journal/2026/2026-11-21.jsonl", "Check one day file (e.g. from a pre-commit hook)."),
      ("check --strict", "Treat warnings and unknown keys as failures."),
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
      CommonOptions.journal, JournalSource.sampleOption, CommonOptions.today, CommonOptions.timeZone,
      CommonOptions.strict, CommonOptions.quiet, CommonOptions.noCache, CommonOptions.stdinName,
    ]
      + OutputOptions.all,
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    let strict = arguments.has("strict")
    let stdin = try CommonOptions.stdinDayFile(arguments, console)
    // Named files need no journal folder (its ingredients and config are checked when there is one).
    let folder: String? =
      arguments.positionals.isEmpty
      ? try JournalSource.folder(arguments) : try? JournalSource.folder(arguments)
    let config = folder.map { JournalConfig.load(journal: $0) }
    let zone = try CommonOptions.timeZoneRule(arguments, config: config?.config ?? JournalConfig())
    // A journal folder's digests, warnings included, are kept in its cache like a report's (under
    // their own settings), so checking an unchanged journal again reads no day file.
    var options = CommonOptions.loadOptions(arguments, zone: zone)
    options.collectWarnings = true
    options.reportUnknownKeys = strict
    let progress = ProgressLine(quiet: arguments.has("quiet"), isTerminal: console.isTerminal(.error))
    options.progress = progress.workProgress
    // Read as reports read: file by file into day digests, never a table of the journal's rows.
    var digests: JournalDigests
    let journal: JournalSource?
    if arguments.positionals.isEmpty {
      journal = JournalSource(folder: folder, today: try CommonOptions.today(arguments, zone: zone))
      digests = journal!.digests(options, rules: DigestRules())
    } else {
      journal = folder.map { .folder(JournalLayout(journal: $0)) }
      let named = dayFiles(arguments.positionals.filter { $0 != "-" })
      let piped = (try? stdin?.get()).map { [$0] } ?? []
      digests = DigestLoader.load(files: named + piped, options: options)
      if case .failure(let problem) = stdin { digests.diagnostics.append(problem) }
    }
    progress.clear()
    var diagnostics = (config?.diagnostics ?? []) + digests.diagnostics
    if let ingredients = journal?.ingredients() {
      diagnostics += ingredients.diagnostics
      let catalog = IngredientCatalog(own: ingredients.database, builtIn: BuiltInIngredients.table)
      let recipes = journal?.folder.map { RecipeStore(journal: $0) }
      if ingredients.fileExists {
        let recipeIDs = Set(recipes?.ids() ?? SampleJournal.recipeIDs)
        diagnostics += digests.unknownReferences(to: catalog) { reference in
          Recipe.id(fromReference: reference).map(recipeIDs.contains) ?? false
        }
      }
      diagnostics += recipes?.problems(ingredient: catalog.ingredient(withID:)) ?? []
      if let folder = journal?.folder {
        diagnostics += PlanStore(journal: folder).problems(
          recipe: try PlanCommand.recipes(.folder(JournalLayout(journal: folder))),
          ingredient: catalog.ingredient(withID:))
      }
    }
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    let failures = errors + (strict ? warnings : 0)
    if ["format", "output", "template"].contains(where: arguments.has) {
      let report = ReportBuilder.checkReport(
        diagnostics: diagnostics, files: digests.fileCount, validEntries: digests.entryCount)
      try OutputOptions.emit(
        report, arguments: arguments, journal: journal?.folder, weekStart: .monday, console: &console)
      if failures > 0 { throw .journalErrors(count: failures) }
      return 0
    }
    for diagnostic in diagnostics {
      console.error(diagnostic.rendered)
    }
    if config?.unreadable == true {
      throw .io("cannot read the journal's \(JournalConfig.fileName) (see above)")
    }
    if !arguments.has("quiet") {
      console.print(
        "checked \(count: digests.fileCount, "file"), \(digests.entryCount) valid entries: "
          + "\(count: errors, "error"), "
          + "\(count: warnings, "warning")")
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
