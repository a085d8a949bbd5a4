import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The plan report (`plan`: the plans of the period against what was eaten) or the shopping list
  /// (`shopping`) of one journal (manual: recipes-and-plans).
  static func makePlanReport(_ request: ReportRequest, folder: String?, _ console: inout Console)
    throws(CommandError)
  {
    let settings = try JournalContext(folder: folder, settings: request.settings, quiet: request.quiet, &console)
    let documents = try settings.source.plans()
    // `all`: every planned day.
    let planned = Period.spanning(documents.compactMap(\.plan?.period))
    let period = try PeriodWords.period(
      try PeriodWords.text(request), today: settings.today, weekStart: settings.weekStart, span: planned)
    let (items, names) = try plannedItems(in: period, documents, request, settings.source, &console)
    let report: ReportModel
    if request.kind == .shopping {
      guard let list = ShoppingList.make(items) else {
        throw .usage("the plans' amounts for \(period) are too large to sum exactly")
      }
      report = ReportBuilder.shoppingList(list, period: period, plans: names)
    } else {
      let digests = settings.source.digests(request.loadOptions(zone: settings.zone), rules: DigestRules())
      try ReportProblems.say(digests.diagnostics, skippedLines: digests.skippedLines, request, &console)
      var eaten = PlanComparison.Eaten()
      digests.forEachDate(ofExportedEntriesIn: period) { eaten.add($0) }
      guard
        let comparison = PlanComparison.compare(planned: items, eaten: eaten, period: period, today: settings.today)
      else { throw .usage("the amounts for \(period) are too large to compare exactly") }
      report = ReportBuilder.planReport(comparison, period: period, plans: names)
    }
    try request.output.format(journal: folder).write(report, weekStart: settings.weekStart, &console)
  }

  /// The items of every plan on the days of `period`, resolved, and the names of those plans; a
  /// plan with an error, an item that cannot be resolved or a day planned twice ends the run.
  private static func plannedItems(
    in period: Period, _ documents: [PlanDocument], _ request: ReportRequest, _ source: JournalSource,
    _ console: inout Console
  ) throws(CommandError) -> (items: [PlannedItem], plans: [String]) {
    var items: [PlannedItem] = []
    var names: [String] = []
    // Read once, when a plan first needs them.
    var lookups: (recipe: (String) -> Recipe?, ingredient: (String) -> Ingredient?)?
    let overlaps = PlanStore.overlaps(documents.compactMap(\.plan))
    for document in documents {
      guard let plan = document.plan else {
        if let name = document.fileName, let covered = PlanStore.period(named: name),
          covered.first <= period.last, period.first <= covered.last
        {
          for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
          throw .journalErrors(count: max(document.diagnostics.count, 1))
        }
        continue
      }
      guard plan.period.first <= period.last, period.first <= plan.period.last else { continue }
      if lookups == nil {
        let catalog = try IngredientCatalog.journal(
          source.folder, builtIn: request.usesBuiltInIngredients, usesCache: request.usesCache,
          strict: request.strict, quiet: request.quiet, &console)
        lookups = (try source.recipes(), catalog.ingredient(withID:))
      }
      let nutrition = try document.resolved(recipe: lookups!.recipe, ingredient: lookups!.ingredient, &console)
      if let overlap = overlaps.first(where: { $0.later == plan.name && period.contains($0.date) }) {
        throw .usage(overlap.message)
      }
      names.append(plan.name)
      items += nutrition.items.filter { period.contains($0.date) }
    }
    return (items, names)
  }
}
