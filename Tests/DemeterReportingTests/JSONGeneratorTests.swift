import DemeterCore
import JSONReport
import Testing

@testable import DemeterReporting

/// `JSONGenerator` (manual: output): the report model itself, `"schema": 1` first, a fixed key
/// order, exact numbers, every string read back unchanged.
@Suite struct JSONGeneratorTests {
  typealias F = JournalFixtures

  func json(_ report: ReportModel) -> String {
    String(decoding: JSONGenerator().render(report, options: RenderOptions()), as: UTF8.self)
  }

  func parse(_ report: ReportModel) throws -> JSONObject {
    guard
      case .object(let object) = try JSONParser().parse(
        JSONGenerator().render(report, options: RenderOptions()))
    else {
      Issue.record("the report is not a JSON object")
      return JSONObject(members: [])
    }
    return object
  }

  func objects(_ value: JSONValue?) -> [JSONObject] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap { if case .object(let object) = $0 { object } else { nil } }
  }

  func keys(_ object: JSONObject?) -> [String] { object?.members.map(\.key) ?? [] }

  func literal(_ value: JSONValue?) -> String? {
    if case .number(let number)? = value { number.literal } else { nil }
  }

  func string(_ value: JSONValue?) -> String? {
    if case .string(let text)? = value { text } else { nil }
  }

  /// Head, rows in parts and tail give the bytes of rendering at once: for a report of several
  /// tables, charts and lists, one of entries, and one without rows.
  @Test func rowsWrittenAsTheyComeGiveTheSameBytes() {
    let entries = F.entries(F.weekRows)
    let context = F.context()
    let reports = [
      F.weekReport(),
      JournalFixtures.entriesReport(
        entries: entries, period: F.period("2026-11-16", "2026-11-22"), context: context),
      JournalFixtures.entriesReport(
        entries: entries, period: F.period("2020-01-01", "2020-01-02"), context: context),
    ]
    for report in reports {
      #expect(
        StreamingFixtures.streamed(report, JSONGenerator())
          == JSONGenerator().render(report, options: StreamingFixtures.options))
    }
  }

  @Test func schemaComesFirstAndTheTextEndsWithANewline() {
    let text = json(F.weekReport())
    #expect(text.hasPrefix("{\"schema\":1,\"kind\":\"week\",\"title\":\"Week 2026-W47\","))
    #expect(text.hasSuffix("}\n"))
    #expect(text.filter { $0 == "\n" }.count == 1)
    #expect(ReportModel.schema == 1)
  }

  @Test func parsesBackWithTheDocumentedKeyOrder() throws {
    let root = try parse(F.weekReport())
    #expect(
      keys(root) == [
        "schema", "kind", "title", "period", "facts", "summary", "tables", "charts", "lists", "notes",
      ])
    if case .object(let period)? = root["period"] {
      #expect(keys(period) == ["first", "last"])
      #expect(string(period["first"]) == "2026-11-16")
    } else {
      Issue.record("no period object")
    }
    let table = try #require(objects(root["tables"]).first)
    #expect(keys(table) == ["id", "caption", "columns", "rows"])
    #expect(keys(objects(table["columns"]).first) == ["id", "title", "numeric", "shown"])
    let row = try #require(objects(table["rows"]).first)
    #expect(keys(row) == ["role", "cells"])
    #expect(keys(objects(row["cells"]).first) == ["value", "display"])
    #expect(keys(objects(root["facts"]).first) == ["id", "label", "value", "display"])
    #expect(
      keys(objects(root["charts"]).first) == [
        "id", "kind", "title", "summary", "unit", "goal", "line", "points",
      ])
    #expect(keys(objects(objects(root["charts"]).first?["points"]).first) == ["label", "value", "display"])
    #expect(keys(objects(root["lists"]).first) == ["id", "title", "summary", "totalCount", "items"])
  }

  @Test func columnsCarryIdsTitlesAndVisibility() throws {
    let root = try parse(F.weekReport())
    let columns = objects(objects(root["tables"]).first?["columns"])
    #expect(columns.map { string($0["id"]) } == ReportBuilderBucketTests.weekColumns)
    let start = try #require(columns.first { string($0["id"]) == "week_start" })
    #expect(start["shown"] == .bool(false))
    #expect(start["numeric"] == .bool(false))
    let calories = try #require(columns.first { string($0["id"]) == "calories" })
    #expect(calories["shown"] == .bool(true))
    #expect(calories["numeric"] == .bool(true))
  }

  @Test func cellsCarryTheExactValueAndTheDisplay() throws {
    let root = try parse(F.weekReport())
    let cells = objects(objects(objects(root["tables"]).first?["rows"]).first?["cells"])
    #expect(cells.count == 13)
    #expect(string(cells[0]["value"]) == "2026-W47")
    #expect(string(cells[0]["display"]) == "2026-W47")
    #expect(literal(cells[4]["value"]) == "1445.5")
    #expect(string(cells[4]["display"]) == "1446")
    #expect(literal(cells[8]["value"]) == "722.75")
    #expect(literal(cells[9]["value"]) == "0.7125")
    #expect(string(cells[9]["display"]) == "0.71")
    let calories = try #require(objects(root["summary"]).first { string($0["id"]) == "calories" })
    #expect(literal(calories["value"]) == "1445.5")
    #expect(string(calories["label"]) == "Calories (kcal)")
  }

  @Test func missingValuesAreNullWithAnEmptyDisplay() throws {
    let report = F.bucketReport(.week, F.period("2026-11-09", "2026-11-15"), entries: F.entries(F.weekRows))
      .report
    let root = try parse(report)
    let rows = objects(objects(root["tables"]).first?["rows"])
    let row = try #require(rows.first)
    #expect(string(row["role"]) == "empty")
    let cells = objects(row["cells"])
    #expect(cells[9]["value"] == .null)
    #expect(string(cells[9]["display"]) == "")
    #expect(literal(cells[4]["value"]) == "0")
  }

  @Test func decimalSumsAreExact() throws {
    let rows = [
      F.entry("2026-11-16", "08:00", id: "a", calories: "0.1", carbohydrates: "0", line: 1),
      F.entry("2026-11-16", "09:00", id: "b", calories: "0.2", carbohydrates: "0", line: 2),
    ]
    let report = F.bucketReport(.day, F.period("2026-11-16", "2026-11-16"), entries: F.entries(rows)).report
    let root = try parse(report)
    let calories = try #require(objects(root["summary"]).first { string($0["id"]) == "calories" })
    #expect(literal(calories["value"]) == "0.3")
    let cells = objects(objects(objects(root["tables"]).first?["rows"]).first?["cells"])
    #expect(literal(cells[2]["value"]) == "0.3")
    #expect(json(report).contains("\"value\":0.3,"))
    #expect(!json(report).contains("0.30000000000000004"))
  }

  @Test func chartsAndListsCarryTheirNumbers() throws {
    let report = F.weekReport(options: AggregationOptions(goals: Goals(calories: F.decimal("2000"))))
    let root = try parse(report)
    let chart = try #require(objects(root["charts"]).first { string($0["id"]) == "calories-per-day" })
    #expect(literal(chart["goal"]) == "2000")
    #expect(
      objects(chart["points"]).map { literal($0["value"]) } == ["750.5", "0", "695", "0", "0", "0", "0"])
    let macro = try #require(objects(root["charts"]).first { string($0["id"]) == "macro-split" })
    #expect(macro["goal"] == .null)
    let list = try #require(objects(root["lists"]).first { string($0["id"]) == "needs-review" })
    #expect(literal(list["totalCount"]) == "1")
    #expect(objects(list["items"]).map { string($0["text"]) } == ["2026-11-18 19:00 a big bowl of stew"])
  }

  @Test func journalStringsReadBackUnchanged() throws {
    let names = F.hostileNames + ["line\u{2028}separator", "tab\there", "back\\slash", "emoji 🍣 寿司"]
    let report = ReportModel(
      kind: .entries, title: "Entries \"quoted\"", period: nil,
      tables: [
        ReportTable(
          id: "entries", caption: "Entries",
          columns: [ReportColumn(id: "food", title: "Food", isNumeric: false)],
          rows: names.map { ReportTableRow(cells: [.text($0)]) })
      ],
      notes: names)
    let root = try parse(report)
    #expect(string(root["title"]) == "Entries \"quoted\"")
    let cells = objects(objects(root["tables"]).first?["rows"]).map {
      string(objects($0["cells"]).first?["value"])
    }
    #expect(cells == names)
    guard case .array(let notes)? = root["notes"] else {
      Issue.record("no notes")
      return
    }
    #expect(notes == names.map { JSONValue.string($0) })
    let text = json(report)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains("\u{2028}"))
  }

  @Test func outputIsTheSameWhateverTheOrderOfTheRows() {
    let forward = F.bucketReport(.week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(F.weekRows))
      .report
    let backward = F.bucketReport(
      .week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(F.weekRows.reversed())
    ).report
    // The source line of each entry is kept, so only the row order differs.
    #expect(json(forward) == json(backward))
    #expect(json(F.sampleWeek) == json(F.sampleWeek))
  }

  @Test func sampleJournalWeekParses() throws {
    let root = try parse(F.sampleWeek)
    #expect(literal(root["schema"]) == "1")
    #expect(objects(root["tables"]).count == F.sampleWeek.tables.count)
    #expect(string(root["kind"]) == "week")
  }
}
