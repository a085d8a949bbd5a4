import DemeterCore
import Testing

@testable import DemeterReporting

/// `ReportBuilder.entriesReport`, `ingredientsReport` and `checkReport` (manual: reports).
@Suite struct ReportBuilderListingTests {
  typealias F = JournalFixtures

  static let week = F.period("2026-11-16", "2026-11-22")

  // MARK: - entries

  @Test func entriesAreInDateAndTimeOrderWithExactValues() throws {
    // Appended out of order: e3 (18th 19:00) before e4 (18th 07:00), and one outside the week.
    let rows = [
      F.weekRows[2], F.weekRows[3], F.entry("2026-11-23", id: "late", line: 9), F.weekRows[1], F.weekRows[0],
    ]
    let report = JournalFixtures.entriesReport(
      entries: F.entries(rows), period: Self.week, context: F.context())
    #expect(report.kind == .entries)
    #expect(report.title == "Entries 2026-11-16..2026-11-22")
    let table = try #require(report.primaryTable)
    #expect(
      table.columns.map(\.id) == [
        "date", "time", "timestamp", "id", "food", "quantity", "unit", "calories", "protein", "carbohydrates",
        "fat",
        "fiber", "sugar", "confidence", "meal", "matched_ingredient", "raw_description", "source",
      ])
    #expect(table.rows.indices.map { F.cell(table, row: $0, "id")?.display } == ["e1", "e2", "e4", "e3"])
    #expect(F.fact("entries", in: report)?.value.exactText == "4")
    let sandwich = 1
    #expect(F.cell(table, row: sandwich, "calories")?.exactText == "450.5")
    #expect(F.cell(table, row: sandwich, "calories")?.display == "451")
    #expect(F.cell(table, row: sandwich, "protein")?.exactText == "20.25")
    #expect(F.cell(table, row: sandwich, "protein")?.display == "20.3")
    #expect(F.cell(table, row: sandwich, "confidence")?.exactText == "0.7")
    #expect(F.cell(table, row: sandwich, "time")?.display == "13:00")
    #expect(F.cell(table, row: sandwich, "timestamp")?.display == "2026-11-16T13:00:00-05:00")
    #expect(F.cell(table, row: sandwich, "matched_ingredient")?.display == "food-01001")
    #expect(F.cell(table, row: sandwich, "meal")?.display == "lunch")
    #expect(F.cell(table, row: sandwich, "source")?.display == "journal/2026-11-16.jsonl:2")
    let stew = 3
    #expect(F.cell(table, row: stew, "matched_ingredient")?.display == "")
    #expect(F.cell(table, row: stew, "raw_description")?.display == "a big bowl of stew")
    #expect(F.cell(table, row: stew, "fiber")?.exactText == "0")
  }

  @Test func entriesReportOfAnEmptyPeriodHasNoRows() throws {
    let report = JournalFixtures.entriesReport(
      entries: F.entries(F.weekRows), period: F.period("2026-12-01", "2026-12-07"), context: F.context())
    #expect(try #require(report.primaryTable).rows.isEmpty)
    #expect(F.fact("entries", in: report)?.value.exactText == "0")
  }

  // MARK: - ingredients

  @Test func ingredientsReportCountsUseAndMatching() throws {
    let database = IngredientDatabase.load(path: F.sampleJournalPath + "/" + IngredientDatabase.fileName)
    #expect(database.fileExists)
    let rows =
      F.weekRows + [F.entry("2026-11-19", id: "e7", food: "dragon fruit", ingredient: "food-99999", line: 7)]
    let digests = JournalDigests(entries: F.entries(rows))
    let report = ReportBuilder.ingredientsReport(
      usage: digests.ingredientUsage(in: Self.week),
      catalog: IngredientCatalog(own: database.database, builtIn: nil),
      period: Self.week,
      context: F.context())
    #expect(report.kind == .ingredients)
    func exact(_ id: String) -> String? { F.fact(id, in: report)?.value.exactText }
    #expect(exact("entries") == "5")
    #expect(exact("unmatched_entries") == "1")
    #expect(exact("unmatched_calories") == "600")
    #expect(exact("matched_percent") == "80")
    #expect(exact("ingredients_used") == "3")
    #expect(exact("ingredients_missing") == "1")
    #expect(exact("database_size") == String(database.database.count))
    let ingredients = try #require(report.primaryTable)
    #expect(
      ingredients.columns.map(\.id) == [
        "ingredient_id", "name", "status", "entries", "calories", "confidence_mean",
      ])
    // Most used first, then by id.
    #expect(
      ingredients.rows.map { $0.cells.map(\.exactText) } == [
        ["food-17397", "Oatmeal", "verified", "2", "395", "0.925"],
        ["food-01001", "Scrambled eggs", "unverified", "1", "450.5", "0.7"],
        ["food-99999", "", "missing", "1", "100", "0.9"],
      ])
  }

  // MARK: - check

  @Test func checkReportHasARowPerDiagnostic() throws {
    let diagnostics = [
      Diagnostic(.error, SourceLocation(path: "2026-11-16.jsonl", line: 3, column: 14), "expected a number"),
      Diagnostic(
        .warning, SourceLocation(path: "2026-11-17.jsonl", line: 1, column: 1), "unknown key \"colour\""),
      Diagnostic(.error, SourceLocation(path: "2026-11-18.jsonl", line: 20, column: 2), "duplicate id"),
    ]
    var groups = DiagnosticGroups()
    groups.add(contentsOf: diagnostics)
    let report = ReportBuilder.checkReport(groups, files: 7, validEntries: 41)
    #expect(report.kind == .check)
    #expect(report.period == nil)
    #expect(
      report.summary.map { "\($0.id)=\($0.value.exactText)" } == [
        "files=7", "valid_entries=41", "errors=2", "warnings=1",
      ])
    let table = try #require(report.primaryTable)
    #expect(table.columns.map(\.id) == ["path", "line", "column", "severity", "message"])
    #expect(
      table.rows.map { $0.cells.map(\.exactText) } == [
        ["2026-11-16.jsonl", "3", "14", "error", "expected a number"],
        ["2026-11-17.jsonl", "1", "1", "warning", "unknown key \"colour\""],
        ["2026-11-18.jsonl", "20", "2", "error", "duplicate id"],
      ])
  }

  @Test func checkReportWithoutProblemsHasAnEmptyTable() throws {
    let report = ReportBuilder.checkReport(DiagnosticGroups(), files: 2, validEntries: 10)
    #expect(try #require(report.primaryTable).rows.isEmpty)
    #expect(F.fact("errors", in: report)?.value.exactText == "0")
    #expect(report.tables.count == 1)
  }

  /// Past the first few warnings of a kind, the report counts them: a fact and a row per kind.
  @Test func checkReportCountsTheWarningsOfAKindItDoesNotList() throws {
    var groups = DiagnosticGroups(shownPerKind: 2, silenced: [.noFinalNewline])
    for line in 1...7 {
      groups.add(.warning(.anotherDaysFile, SourceLocation(path: "2026-11-16.jsonl", line: line, column: 1), "late"))
    }
    groups.add(.warning(.noFinalNewline, SourceLocation(path: "2026-11-16.jsonl", line: 7, column: 9), "end"))
    let report = ReportBuilder.checkReport(groups, files: 1, validEntries: 7)
    #expect(
      report.summary.map { "\($0.id)=\($0.value.exactText)" } == [
        "files=1", "valid_entries=7", "errors=0", "warnings=7", "warnings_not_listed=5", "warnings_silenced=1",
      ])
    #expect(try #require(report.primaryTable).rows.count == 2)
    let kinds = try #require(report.tables.first { $0.id == "warning_kinds" })
    #expect(
      kinds.rows.map { $0.cells.map(\.exactText) } == [
        ["another-days-file", "entries dated in another day's file", "7", "2", "no"],
        ["no-final-newline", "files without a final newline", "1", "0", "yes"],
      ])
  }
}
