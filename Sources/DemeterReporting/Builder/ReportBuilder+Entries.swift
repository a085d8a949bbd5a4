import DemeterCore

extension ReportBuilder {
  /// The entries themselves, for export (manual: reports): the report with the given rows
  /// (`entryRows`), of `entries` entries in all: all of them,
  /// or none when the rows are written as they come (`TableStreamingGenerator`).
  public static func entriesReport(
    period: Period, entries: Int, rows: [ReportTableRow], context: ReportContext
  ) -> ReportModel {
    ReportModel(
      kind: .entries, title: "Entries \(period)",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: facts(context),
      summary: [ReportFact(id: "entries", label: "Entries", value: .count(entries))],
      tables: [ReportTable(id: "entries", caption: "Entries", columns: entryColumns, rows: rows)],
      notes: notes(context))
  }

  /// The columns of the entries table.
  static let entryColumns: [ReportColumn] =
    [
      ReportColumn(id: "date", title: "Date", isNumeric: false),
      ReportColumn(id: "time", title: "Time", isNumeric: false),
      ReportColumn(id: "timestamp", title: "Timestamp", isNumeric: false, shownToReaders: false),
      ReportColumn(id: "id", title: "Id", isNumeric: false, shownToReaders: false),
      ReportColumn(id: "food", title: "Food", isNumeric: false),
      ReportColumn(id: "quantity", title: "Qty", isNumeric: true),
      ReportColumn(id: "unit", title: "Unit", isNumeric: false),
    ]
    + Nutrient.all.map {
      // Optional nutrients are left to exports.
      ReportColumn(id: $0.key, title: $0.listTitle, isNumeric: true, shownToReaders: $0.isRequired)
    } + [
      ReportColumn(id: "confidence", title: "Conf.", isNumeric: true),
      ReportColumn(id: "meal", title: "Meal", isNumeric: false),
      ReportColumn(id: "matched_ingredient", title: "Ingredient", isNumeric: false, shownToReaders: false),
      ReportColumn(id: "raw_description", title: "Said", isNumeric: false, shownToReaders: false),
      ReportColumn(id: "source", title: "Source", isNumeric: false, shownToReaders: false),
    ]

  /// What was eaten, before a day's summary: time, meal, food, quantity, kcal, macronutrients and
  /// confidence for readers (the date too over several days); every entry column for CSV and JSON.
  static func eatenTable(_ rows: [ReportTableRow], days: Int) -> ReportTable {
    let shown = [
      "time", "meal", "food", "quantity", "unit", "calories", "protein", "carbohydrates", "fat", "confidence",
    ]
    let order = (days > 1 ? ["date"] : []) + shown
    let picked =
      order.map { id in entryColumns.firstIndex { $0.id == id }! }
      + entryColumns.indices.filter { !order.contains(entryColumns[$0].id) }
    return ReportTable(
      id: "eaten", caption: "What was eaten",
      columns: picked.map { index in
        var column = entryColumns[index]
        column.shownToReaders = order.contains(column.id)
        return column
      },
      rows: rows.map { row in ReportTableRow(role: row.role, cells: picked.map { row.cells[$0] }) },
      leadsSummary: true)
  }

  /// The entries table's rows of exported entries, in their order (`entryCells`).
  public static func entryRows(_ entries: [ExportedEntry]) -> [ReportTableRow] {
    entries.map { entry in
      var cells: [ReportCell] = []
      cells.reserveCapacity(entryColumns.count)
      entryCells(entry) { cells.append($0) }
      return ReportTableRow(cells: cells)
    }
  }

  /// The cells of the entries table's row of `entry`, handed to `cell` in column order (as a table
  /// keeps them: an optional nutrient a line does not state as 0, the timestamp to the second).
  public static func entryCells(_ entry: ExportedEntry, _ cell: (ReportCell) -> Void) {
    func exact(_ value: FixedDecimal, _ decimals: Int) -> ReportCell {
      .number(.exact(FixedSum(value)), decimals: decimals)
    }
    let row = entry.row
    var timestamp = row.timestamp
    timestamp.nanosecond = 0
    cell(.text(timestamp.localDate.description))
    cell(.text(clockText(timestamp.secondOfDay)))
    cell(.text(timestamp.rfc3339))
    cell(.text(row.id))
    cell(.text(row.foodName))
    cell(exact(row.quantity, 2))
    cell(.text(row.unit))
    for nutrient in Nutrient.all {
      cell(exact(FixedDecimal(billionths: row.amounts[nutrient]), nutrient.readingDecimals))
    }
    cell(exact(row.confidence, 2))
    cell(.text(row.meal ?? ""))
    cell(.text(row.matchedIngredientID ?? ""))
    cell(.text(row.rawDescription))
    cell(.text("\(entry.path):\(row.line)"))
  }

  /// How the period's entries use the ingredients: the journal's database and the built-in table
  /// (manual: reports).
  public static func ingredientsReport(
    usage: IngredientUsageSummary, catalog database: IngredientCatalog, period: Period, context: ReportContext
  ) -> ReportModel {
    let rows = usage.used.map { used -> ReportTableRow in
      let ingredient = database.ingredient(withID: used.ingredientID)
      return ReportTableRow(cells: [
        .text(used.ingredientID),
        .text(ingredient?.displayName ?? ""),
        .text(
          ingredient == nil
            ? "missing" : (ingredient!.isVerified ? "verified" : ingredient!.verificationStatus.rawValue)),
        .count(used.entries), kcal(used.calories),
        .number(.ratio(used.confidenceSum, used.entries), decimals: 2),
      ])
    }
    let missing = usage.used.filter { database.ingredient(withID: $0.ingredientID) == nil }.count
    return ReportModel(
      kind: .ingredients, title: "Ingredients \(period)",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: facts(context),
      summary: [
        ReportFact(id: "entries", label: "Entries", value: .count(usage.totalEntries)),
        ReportFact(
          id: "matched_percent", label: "Entries with a matched ingredient (%)",
          value: percent(usage.matchedShare)),
        ReportFact(
          id: "unmatched_entries", label: "Entries without one", value: .count(usage.unmatchedEntries)),
        ReportFact(
          id: "unmatched_calories", label: "Their calories (kcal)", value: kcal(usage.unmatchedCalories)),
        ReportFact(id: "ingredients_used", label: "Ingredients used", value: .count(usage.used.count)),
        ReportFact(id: "ingredients_missing", label: "Ids not in the database", value: .count(missing)),
        ReportFact(id: "database_size", label: "Ingredients in the database", value: .count(database.count)),
      ],
      tables: [
        ReportTable(
          id: "ingredients", caption: "Ingredients by use",
          columns: [
            ReportColumn(id: "ingredient_id", title: "Id", isNumeric: false),
            ReportColumn(id: "name", title: "Name", isNumeric: false),
            ReportColumn(id: "status", title: "Status", isNumeric: false),
            ReportColumn(id: "entries", title: "Entries", isNumeric: true),
            ReportColumn(id: "calories", title: "kcal", isNumeric: true),
            ReportColumn(id: "confidence_mean", title: "Conf.", isNumeric: true),
          ], rows: rows)
      ], notes: notes(context))
  }

  /// Validation results (manual: reports).
  public static func checkReport(_ groups: DiagnosticGroups, files: Int, validEntries: Int) -> ReportModel {
    var summary = [
      ReportFact(id: "files", label: "Files checked", value: .count(files)),
      ReportFact(id: "valid_entries", label: "Valid entries", value: .count(validEntries)),
      ReportFact(id: "errors", label: "Errors", value: .count(groups.errorCount)),
      ReportFact(id: "warnings", label: "Warnings", value: .count(groups.warningCount)),
    ]
    if groups.unlistedCount > 0 {
      summary.append(
        ReportFact(id: "warnings_not_listed", label: "Warnings not listed", value: .count(groups.unlistedCount)))
    }
    if groups.silencedCount > 0 {
      summary.append(
        ReportFact(id: "warnings_silenced", label: "Warnings silenced", value: .count(groups.silencedCount)))
    }
    var tables = [
      ReportTable(
        id: "problems", caption: "Problems",
        columns: [
          ReportColumn(id: "path", title: "File", isNumeric: false),
          ReportColumn(id: "line", title: "Line", isNumeric: true),
          ReportColumn(id: "column", title: "Col", isNumeric: true),
          ReportColumn(id: "severity", title: "Severity", isNumeric: false),
          ReportColumn(id: "message", title: "Message", isNumeric: false),
        ],
        rows: groups.listed.map {
          ReportTableRow(cells: [
            .text($0.location.path), .count($0.location.line), .count($0.location.column),
            .text($0.severity.rawValue), .text($0.message),
          ])
        })
    ]
    if groups.unlistedCount > 0 || groups.silencedCount > 0 {
      tables.append(
        ReportTable(
          id: "warning_kinds", caption: "Warnings by kind",
          columns: [
            ReportColumn(id: "kind", title: "Kind", isNumeric: false),
            ReportColumn(id: "about", title: "About", isNumeric: false),
            ReportColumn(id: "warnings", title: "Warnings", isNumeric: true),
            ReportColumn(id: "listed", title: "Listed", isNumeric: true),
            ReportColumn(id: "silenced", title: "Silenced", isNumeric: false),
          ],
          rows: WarningKind.allCases.filter { groups.count(of: $0) > 0 }.map { kind in
            let total = groups.count(of: kind)
            let silenced = groups.isSilenced(kind)
            return ReportTableRow(cells: [
              .text(kind.rawValue), .text(kind.subject.many), .count(total),
              .count(silenced ? 0 : total - groups.unlisted(of: kind)), .text(silenced ? "yes" : "no"),
            ])
          }))
    }
    return ReportModel(kind: .check, title: "Journal check", period: nil, summary: summary, tables: tables)
  }
}
