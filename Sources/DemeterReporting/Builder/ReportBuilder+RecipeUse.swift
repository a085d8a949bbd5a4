import DemeterCore

/// The recipes eaten in a period (entries logged with `add --recipe`), for the day, week, month,
/// year and range reports: a "recipes" table beside the top foods, and the entries whose recipe
/// changed after they were logged.
extension ReportBuilder {
  /// A recipe of the journal as it is now: its title, and its nutrition (nil when it cannot be
  /// computed); nil when the journal has no such recipe.
  public typealias RecipeLookup = (_ id: String) -> (title: String, nutrition: RecipeNutrition?)?

  /// The `recipes` table (each recipe eaten in `period`: entries and kcal from the day digests'
  /// per-ingredient tallies, servings summed from the recipe entries) and, when some entries were
  /// logged from a recipe that has changed since, the `recipe-entries-changed` table (their stored
  /// nutrition is what was eaten, and stays). None when no recipe was eaten.
  static func recipeTables(digests: JournalDigests, period: Period, lookup: RecipeLookup) -> [ReportTable] {
    let uses = digests.recipeUses(in: period)
    guard !uses.isEmpty else { return [] }
    let entries = digests.recipeEntries(in: period)
    var servings: [String: FixedSum] = [:]
    for entry in entries { servings[entry.recipeID, default: FixedSum()].add(entry.servings) }
    var recipes: [String: (title: String, nutrition: RecipeNutrition?)?] = [:]
    func recipe(_ id: String) -> (title: String, nutrition: RecipeNutrition?)? {
      if let known = recipes[id] { return known }
      let found = lookup(id)
      recipes[id] = .some(found)
      return found
    }
    let useRows = uses.map { use in
      ReportTableRow(cells: [
        .text(use.recipeID), recipe(use.recipeID).map { .text($0.title) } ?? .missing, .count(use.entries),
        servings[use.recipeID].map { .number(.exact($0), decimals: 1) } ?? .missing, kcal(use.calories),
      ])
    }
    var tables = [
      ReportTable(
        id: "recipes", caption: "Recipes eaten",
        columns: [
          ReportColumn(id: "recipe_id", title: "Recipe", isNumeric: false),
          ReportColumn(id: "title", title: "Title", isNumeric: false),
          ReportColumn(id: "entries", title: "Entries", isNumeric: true),
          ReportColumn(id: "servings", title: "Servings", isNumeric: true),
          ReportColumn(id: "calories", title: "kcal", isNumeric: true),
        ], rows: useRows)
    ]
    let calories = Nutrient.calories.ordinal
    let changedRows = entries.compactMap { entry -> ReportTableRow? in
      guard let nutrition = recipe(entry.recipeID)?.nutrition, entry.differs(from: nutrition) else {
        return nil
      }
      let current = entry.logged(from: nutrition)?[calories]
      return ReportTableRow(cells: [
        .text(entry.id), .text(entry.date.description), .text(entry.foodName), .text(entry.recipeID),
        .number(.exact(FixedSum(entry.servings)), decimals: 1),
        .number(.exact(FixedSum(entry.nutrients[calories])), decimals: 1),
        current.map { .number(.exact(FixedSum($0)), decimals: 1) } ?? .missing,
      ])
    }
    if !changedRows.isEmpty {
      tables.append(
        ReportTable(
          id: "recipe-entries-changed", caption: "Entries whose recipe changed since they were logged",
          columns: [
            ReportColumn(id: "entry_id", title: "Entry", isNumeric: false),
            ReportColumn(id: "date", title: "Date", isNumeric: false),
            ReportColumn(id: "food", title: "Food", isNumeric: false),
            ReportColumn(id: "recipe_id", title: "Recipe", isNumeric: false),
            ReportColumn(id: "servings", title: "Servings", isNumeric: true),
            ReportColumn(id: "stored_calories", title: "kcal logged", isNumeric: true),
            ReportColumn(id: "current_calories", title: "kcal now", isNumeric: true),
          ], rows: changedRows))
    }
    return tables
  }

  /// `tables` put right after the top foods of `report` (at the end when it has none).
  static func inserting(_ tables: [ReportTable], into report: ReportModel) -> ReportModel {
    var report = report
    let position =
      report.tables.firstIndex { $0.id == "top-foods-by-count" }.map { $0 + 1 } ?? report.tables.count
    report.tables.insert(contentsOf: tables, at: position)
    return report
  }
}
