import DemeterCore
import DemeterReporting
import DemeterReports

/// What `plan` and its subcommands do.
extension PlanCommand {
  static func add(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let source: (bytes: [UInt8], path: String)
    switch (arguments.positionals.first, arguments.value(json)) {
    case (let file?, nil) where arguments.positionals.count == 1:
      do throws(FileBytes.ReadError) {
        source = (try FileBytes.read(file, limit: .plan), file)
      } catch {
        throw .io("cannot read '\(TextEscaping.singleLine(file))': \(error.message)")
      }
    case (nil, let text?):
      source = (Array(text.utf8), "--json")
    default:
      throw .usage("plan add needs one FILE or --json TEXT, e.g. 'demeter-report plan add week48.json'")
    }
    let folder = try CommonOptions.journalPath(arguments)
    let document = PlanDocument(bytes: source.bytes, path: source.path)
    let book = try RecipeCommand.recipeBook(folder, arguments)
    return try book.addPlan(document, replacing: arguments.has(replace), &console) ? 0 : 1
  }

  static func show(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let settings = try JournalContext(arguments, &console)
    let period = try asked(arguments, settings, defaultPeriod: nil, command: "plan show")
    let name = MealPlan.name(of: period)
    let document = try settings.source.plan(named: name)
    let catalog = try IngredientsCommand.catalog(settings.source.folder, arguments, &console)
    let nutrition = try document.resolved(
      recipe: try settings.source.recipes(), ingredient: catalog.ingredient(withID:), &console)
    try OutputOptions.emit(
      ReportBuilder.planDetails(nutrition, name: name), arguments: arguments, journal: settings.source.folder,
      weekStart: settings.weekStart, console: &console)
    return 0
  }

  static func remove(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let folder = try CommonOptions.journalPath(arguments)
    // The journal's week start and zone name the same week here as for 'plan show'.
    let settings = try JournalContext(
      folder: folder, settings: try CommonOptions.settings(arguments), quiet: arguments.has(CommonOptions.quiet),
      &console)
    let period = try asked(arguments, settings, defaultPeriod: nil, command: "plan rm")
    let store = PlanStore(journal: folder, lockWaiting: try CommonOptions.lockWaiting(arguments))
    let name = MealPlan.name(of: period)
    let removed: Bool
    do throws(ModelError) {
      removed = try store.remove(name)
    } catch {
      throw .io(error.message)
    }
    guard removed else { throw .usage("no plan for \(name) in \(TextEscaping.singleLine(store.folder))") }
    if !arguments.has(CommonOptions.quiet) {
      console.print("removed plan \(name) (\(TextEscaping.singleLine(store.path(of: name))))")
    }
    return 0
  }

  /// `plan PERIOD` (`.plan`) and `plan shopping PERIOD` (`.shopping`): a report request.
  static func report(_ kind: ReportKind, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> Int32
  {
    let source: ReportRequest.Source = try CommonOptions.journalFolder(arguments).map { .journal($0) } ?? .sample
    var request = try ReportCommands.reading(kind, from: source, settings: try CommonOptions.settings(arguments), arguments)
    request.usesBuiltInIngredients = !arguments.has(IngredientsCommand.noBuiltIn)
    try ReportMaker.make(request, &console)
    return 0
  }

  // MARK: - Shared

  /// The period the positional words name, else `defaultPeriod` (a usage error when there is none).
  private static func asked(
    _ arguments: ParsedArguments, _ settings: JournalContext, defaultPeriod: String?, command: String
  )
    throws(CommandError) -> Period
  {
    var words = arguments.positionals.joined(separator: " ")
    if words.isEmpty {
      guard let defaultPeriod else {
        throw .usage("\(command) needs a PERIOD, e.g. 'demeter-report \(command) 2026-W48'")
      }
      words = defaultPeriod
    }
    do {
      return try Period.parse(words, today: settings.today, weekStart: settings.weekStart)
    } catch {
      throw .usage(error.description)
    }
  }
}
