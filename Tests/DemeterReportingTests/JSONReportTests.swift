import DemeterCore
import DemeterReporting
import JSONReport
import Testing

/// The JSON generator: the report model, `"schema":1` first, that parses back with `JSONParser`.
@Suite struct JSONReportTests {
  private func render(_ model: ReportModel) -> String {
    String(decoding: JSONGenerator().render(model, options: RenderOptions()), as: UTF8.self)
  }

  private func parse(_ text: String) throws -> JSONObject {
    guard case .object(let object) = try JSONParser().parse(text) else {
      Issue.record("top level is not an object: \(text)")
      return JSONObject(members: [])
    }
    return object
  }

  @Test func schemaComesFirst() throws {
    let text = render(ReportFixtures.model(kind: .week, rows: [ReportFixtures.row("2026-W47")]))
    #expect(text.hasPrefix("{\"schema\":1,"))
    #expect(text.hasSuffix("}\n"))
    #expect(text.filter { $0 == "\n" }.count == 1)
    let object = try parse(text)
    #expect(object.members.first?.key == "schema")
    #expect(object["schema"] == .number(JSONNumber(literal: "1")))
  }

  @Test(arguments: ReportKind.allCases)
  func topLevelKeysInOrder(kind: ReportKind) throws {
    let object = try parse(render(ReportFixtures.model(kind: kind, rows: [ReportFixtures.row("x")])))
    #expect(
      object.members.map(\.key) == [
        "schema", "kind", "title", "period", "weekStart", "skippedLines", "summary", "rows",
      ])
    #expect(object["kind"] == .string(kind.rawValue))
  }

  @Test func rowsParseBackWithExactNumbers() throws {
    let model = ReportFixtures.model(
      kind: .week, rows: [ReportFixtures.row("2026-W47"), ReportFixtures.emptyRow("2026-W48")])
    let object = try parse(render(model))
    guard case .array(let rows) = object["rows"], rows.count == 2,
      case .object(let first) = rows[0], case .object(let second) = rows[1]
    else {
      Issue.record("rows is not an array of two objects")
      return
    }
    #expect(
      first.members.map(\.key) == [
        "label", "first", "last", "entries", "daysLogged", "daysInBucket", "calories", "protein",
        "carbohydrates",
        "fat", "averageDailyCalories", "confidenceMean", "confidenceMin", "confidenceMax",
        "lowConfidenceEntries",
      ])
    #expect(first["label"] == .string("2026-W47"))
    #expect(first["calories"] == .number(JSONNumber(literal: "412")))
    #expect(first["protein"] == .number(JSONNumber(literal: "24.2")))
    #expect(first["averageDailyCalories"] == .number(JSONNumber(literal: "206")))
    #expect(first["confidenceMean"] == .number(JSONNumber(literal: "0.7233333333333334")))
    #expect(first["confidenceMin"] == .number(JSONNumber(literal: "0.55")))
    #expect(second["entries"] == .number(JSONNumber(literal: "0")))
    #expect(second["averageDailyCalories"] == .null)
    #expect(second["confidenceMean"] == .null)
    #expect(second["confidenceMin"] == .null)
    #expect(second["confidenceMax"] == .null)
  }

  @Test(arguments: [
    "Week \"quoted\" \\ back",
    "line\nbreak\ttab\u{0}nul\u{1F}unit",
    "Ünïcödé 🍎 \u{2028} separator",
    "</script><b>",
  ])
  func stringsRoundTrip(title: String) throws {
    let model = ReportFixtures.model(kind: .range, rows: [ReportFixtures.row(title)], title: title)
    let text = render(model)
    #expect(!text.dropLast().contains("\n"))
    let object = try parse(text)
    #expect(object["title"] == .string(title))
    guard case .array(let rows) = object["rows"], case .object(let row) = rows.first else {
      Issue.record("no rows")
      return
    }
    #expect(row["label"] == .string(title))
  }

  @Test func generatorDescribesItself() {
    let generator = JSONGenerator()
    #expect(generator.name == "json")
    #expect(generator.fileExtension == "json")
    #expect(generator.mediaType == "application/json")
  }
}
