import DemeterCore
import DemeterReporting
import DemeterReports

/// What `plan` and its subcommands do.
extension PlanCommand {
  static func add(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let source: (bytes: [UInt8], path: String)
    switch (arguments.positionals.first, arguments.value(json.long)) {
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
    for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
    guard let plan = document.plan else { return 1 }
    let catalog = try IngredientsCommand.catalog(folder, arguments, &console)
    let recipe = try recipes(.folder(JournalLayout(journal: folder)))
    do throws(Diagnostic) {
      _ = try document.resolved(recipe: recipe, ingredient: catalog.ingredient(withID:))
    } catch {
      console.error(error.rendered)
      return 1
    }
    let store = PlanStore(journal: folder, lockWaiting: try CommonOptions.lockWaiting(arguments))
    let outcome: JournalFileWrite.Outcome
    do throws(ModelError) {
      outcome = try store.save(plan, replacing: arguments.has(replace.long))
    } catch {
      throw .writing(error)
    }
    let path = TextEscaping.singleLine(store.path(of: plan.name))
    switch outcome {
    case .alreadyExists:
      throw .usage("a plan for \(plan.name) already exists (\(path)); give --replace to overwrite it")
    case .added, .replaced, .unchanged:
      if !arguments.has("quiet"), let said = outcome.said("plan \(plan.name)", path: path) {
        console.print(said)
      }
      return 0
    }
  }

  static func show(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let settings = try JournalContext(arguments, &console)
    let period = try asked(arguments, settings, defaultPeriod: nil, command: "plan show")
    let name = MealPlan.name(of: period)
    guard
      let document = try plans(settings.source).first(where: { $0.plan?.name == name || planName($0) == name }
      )
    else {
      let known = try plans(settings.source).compactMap(planName)
      throw .usage(
        "no plan for \(name)"
          + (known.isEmpty
            ? "; add one with 'demeter-report plan add FILE'"
            : "; the plans are \(known.joined(separator: ", "))"))
    }
    let nutrition = try resolve(document, try lookups(settings.source, arguments, &console), &console)
    try OutputOptions.emit(
      ReportBuilder.planDetails(nutrition, name: name), arguments: arguments, journal: settings.source.folder,
      weekStart: settings.weekStart, console: &console)
    return 0
  }

  static func remove(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let folder = try CommonOptions.journalPath(arguments)
    // The journal's week start and zone name the same week here as for 'plan show'.
    let settings = try JournalContext(
      folder: folder, settings: try CommonOptions.settings(arguments), quiet: arguments.has(CommonOptions.quiet.long),
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
    if !arguments.has("quiet") {
      console.print("removed plan \(name) (\(TextEscaping.singleLine(store.path(of: name))))")
    }
    return 0
  }

  static func shopping(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let settings = try JournalContext(arguments, &console)
    let period = try asked(arguments, settings, defaultPeriod: defaultPeriod, command: "plan shopping")
    let (items, names) = try plannedItems(in: period, settings.source, arguments, &console)
    guard let list = ShoppingList.make(items) else {
      throw .usage("the plans' amounts for \(period) are too large to sum exactly")
    }
    try OutputOptions.emit(
      ReportBuilder.shoppingList(list, period: period, plans: names), arguments: arguments,
      journal: settings.source.folder, weekStart: settings.weekStart, console: &console)
    return 0
  }

  static func report(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let settings = try JournalContext(arguments, &console)
    let period = try asked(arguments, settings, defaultPeriod: defaultPeriod, command: "plan")
    let (items, names) = try plannedItems(in: period, settings.source, arguments, &console)
    let digests = settings.source.digests(settings.loadOptions(arguments), rules: DigestRules())
    let errors = digests.diagnostics.filter { $0.severity == .error }
    try CommonOptions.failIfStrict(errors, arguments, &console)
    if !errors.isEmpty, !arguments.has("quiet") {
      console.error(
        "demeter-report: skipped \(count: digests.skippedLines, "invalid line") "
          + "(\(count: errors.count, "error")); "
          + "run 'demeter-report check' for details")
    }
    var eaten = PlanComparison.Eaten()
    digests.forEachDate(ofExportedEntriesIn: period, keepingLines: false) { eaten.add($0) }
    guard
      let comparison = PlanComparison.compare(
        planned: items, eaten: eaten, period: period, today: settings.today)
    else { throw .usage("the amounts for \(period) are too large to compare exactly") }
    try OutputOptions.emit(
      ReportBuilder.planReport(comparison, period: period, plans: names), arguments: arguments,
      journal: settings.source.folder, weekStart: settings.weekStart, console: &console)
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

  /// The items of every plan on the days of `period`, resolved, and the names of those plans; a
  /// plan with an error, an item that cannot be resolved or a day planned twice ends the command.
  private static func plannedItems(
    in period: Period, _ source: JournalSource, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CommandError) -> (items: [PlannedItem], plans: [String]) {
    var items: [PlannedItem] = []
    var names: [String] = []
    var read: Lookups?  // once, when a plan first needs them
    let documents = try plans(source)
    let overlaps = PlanStore.overlaps(documents.compactMap(\.plan))
    for document in documents {
      guard let plan = document.plan else {
        if let name = planName(document), let covered = PlanStore.period(named: name),
          covered.first <= period.last, period.first <= covered.last
        {
          for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
          throw .journalErrors(count: max(document.diagnostics.count, 1))
        }
        continue
      }
      guard plan.period.first <= period.last, period.first <= plan.period.last else { continue }
      let lookups: Lookups
      if let read {
        lookups = read
      } else {
        lookups = try Self.lookups(source, arguments, &console)
        read = lookups
      }
      let nutrition = try resolve(document, lookups, &console)
      if let overlap = overlaps.first(where: { $0.later == plan.name && period.contains($0.date) }) {
        throw .usage(overlap.message)
      }
      names.append(plan.name)
      items += nutrition.items.filter { period.contains($0.date) }
    }
    return (items, names)
  }

  /// The journal's recipes and ingredients as lookups, each file read once per run however many
  /// plans are resolved against them.
  private struct Lookups {
    var recipe: (String) -> Recipe?
    var ingredient: (String) -> Ingredient?
  }

  /// Reads the journal's recipes and ingredients (the sample's with `--sample`).
  private static func lookups(_ source: JournalSource, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> Lookups
  {
    let catalog = try IngredientsCommand.catalog(source.folder, arguments, &console)
    return Lookups(recipe: try recipes(source), ingredient: catalog.ingredient(withID:))
  }

  /// The document's plan resolved against `lookups`; its problems printed and exit 1 when it
  /// cannot be.
  private static func resolve(_ document: PlanDocument, _ lookups: Lookups, _ console: inout Console)
    throws(CommandError) -> PlanNutrition
  {
    for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
    do throws(Diagnostic) {
      return try document.resolved(recipe: lookups.recipe, ingredient: lookups.ingredient)
    } catch {
      console.error(error.rendered)
      throw .journalErrors(count: 1)
    }
  }

  /// The plan files of the journal (the sample's plan with `--sample`).
  private static func plans(_ source: JournalSource) throws(CommandError) -> [PlanDocument] {
    guard let folder = source.folder else {
      guard case .sample(let last) = source else { return [] }
      let file = SampleJournal.planFile(endingOn: last)
      return [PlanDocument(bytes: file.bytes, path: "\(SampleJournal.folder)/\(file.path)")]
    }
    do throws(ModelError) {
      return try PlanStore(journal: folder).readAll()
    } catch {
      throw .io(error.message)
    }
  }

  /// The name of a plan document's file (`plans/NAME.json`).
  private static func planName(_ document: PlanDocument) -> String? {
    let file = document.path.split(separator: "/").last.map(String.init) ?? document.path
    guard file.hasSuffix(JournalLayout.planFileExtension) else { return nil }
    return String(file.dropLast(JournalLayout.planFileExtension.count))
  }

  /// The journal's valid recipes by id, as a lookup (the sample's with `--sample`).
  static func recipes(_ source: JournalSource) throws(CommandError) -> (String) -> Recipe? {
    let documents: [RecipeDocument]
    if let folder = source.folder {
      do throws(ModelError) {
        documents = try RecipeStore(journal: folder).readAll()
      } catch {
        throw .io(error.message)
      }
    } else {
      documents = SampleJournal.recipeDocuments
    }
    var byID: [String: Recipe] = [:]
    for document in documents { if let recipe = document.recipe { byID[recipe.id] = recipe } }
    return { byID[$0] }
  }
}
