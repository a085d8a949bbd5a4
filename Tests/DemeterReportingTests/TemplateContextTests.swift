import DemeterCore
import Testing

@testable import DemeterReporting

/// `TemplateContext.make` (manual: output): the JSON model plus the conveniences templates need.
@Suite struct TemplateContextTests {
  typealias F = JournalFixtures

  func list(_ value: MustacheValue) -> [MustacheValue] {
    if case .list(let items) = value { return items }
    return []
  }

  func text(_ value: MustacheValue) -> String? {
    switch value {
    case .string(let text): return text
    case .number(let literal): return literal
    default: return nil
    }
  }

  @Test func memberNamesAreTheCaseNames() {
    #expect(TemplateContext.Member.allCases.map { String(describing: $0) } == TemplateContext.Member.names)
  }

  /// A table with a hidden second column, one item row and one empty row.
  static let report: ReportModel = {
    var report = ReportFixtures.model(
      kind: .week,
      rows: [ReportFixtures.row("2026-W46"), ReportFixtures.row("2026-W47", entries: 0, confidenceSum: nil)])
    report.tables[0].columns[1].shownToReaders = false
    report.tables.append(
      ReportTable(id: "none", caption: "Nothing", columns: ReportFixtures.columns, rows: []))
    report.facts = [
      ReportFact(id: "a", label: "A", value: .text("1")), ReportFact(id: "b", label: "B", value: .text("2")),
      ReportFact(id: "c", label: "C", value: .text("3")),
    ]
    report.lists = [
      ReportList(
        id: "cut", title: "Cut", summary: "s", items: [ReportListItem(text: "one", detail: "d1")],
        totalCount: 4),
      ReportList(
        id: "whole", title: "Whole", summary: "s", items: [ReportListItem(text: "x", detail: "y")],
        totalCount: 1),
      ReportList(id: "empty", title: "Empty", summary: "s", items: [], totalCount: 0),
    ]
    report.notes = ["a note"]
    return report
  }()

  @Test func readerColumnsAndCellsOnlyIncludeShownColumns() throws {
    let context = TemplateContext.make(Self.report)
    let table = try #require(list(context.member("tables")).first)
    let columns = list(table.member("readerColumns"))
    #expect(columns.map { text($0.member("title")) } == ["Week", "kcal", "Conf."])
    #expect(columns.map { $0.member("numeric") } == [.bool(false), .bool(true), .bool(true)])
    let rows = list(table.member("rows"))
    #expect(rows.count == 2)
    let cells = list(rows[0].member("readerCells"))
    #expect(cells.map { text($0.member("display")) } == ["2026-W46", "412", "0.72"])
    #expect(cells.map { $0.member("numeric") } == [.bool(false), .bool(true), .bool(true)])
    // The full JSON columns and cells are still there.
    #expect(list(table.member("columns")).count == 4)
    #expect(list(rows[0].member("cells")).count == 4)
    #expect(text(rows[1].member("role")) == "empty")
    #expect(list(rows[1].member("readerCells"))[2].member("value") == .null)
  }

  @Test func hasRowsFlagsTables() {
    let tables = list(TemplateContext.make(Self.report).member("tables"))
    #expect(tables.map { $0.member("hasRows") } == [.bool(true), .bool(false)])
  }

  @Test func listFlagsCountWhatWasCut() {
    let lists = list(TemplateContext.make(Self.report).member("lists"))
    #expect(lists.map { $0.member("hasItems") } == [.bool(true), .bool(true), .bool(false)])
    #expect(lists.map { $0.member("isCut") } == [.bool(true), .bool(false), .bool(false)])
    #expect(lists.map { text($0.member("moreCount")) } == ["3", "0", "0"])
    #expect(text(lists[0].member("totalCount")) == "4")
  }

  @Test func onlyTheLastFactIsLast() {
    let facts = list(TemplateContext.make(Self.report).member("facts"))
    #expect(facts.map { $0.member("last") } == [.bool(false), .bool(false), .bool(true)])
  }

  @Test func topLevelFlags() {
    let context = TemplateContext.make(Self.report)
    #expect(context.member("hasSummary") == .bool(true))
    #expect(context.member("hasNotes") == .bool(true))
    #expect(context.member("hasCharts") == .bool(false))
    let bare = TemplateContext.make(ReportModel(kind: .check, title: "t", period: nil))
    #expect(bare.member("hasSummary") == .bool(false))
    #expect(bare.member("hasNotes") == .bool(false))
    #expect(bare.member("period") == .null)
    #expect(text(bare.member("schema")) == "1")
  }

  @Test func chartsCarryAnInlineSVG() throws {
    let context = TemplateContext.make(F.weekReport())
    #expect(context.member("hasCharts") == .bool(true))
    let charts = list(context.member("charts"))
    #expect(charts.count == 3)
    for chart in charts {
      let svg = try #require(text(chart.member("svg")))
      #expect(svg.hasPrefix("<svg"))
      #expect(svg.contains("<title>"))
    }
  }

  @Test func escapeAppliesToEveryModelStringButNotToTheSVG() throws {
    var report = Self.report
    report.title = "a|b"
    report.tables[0].rows[0].cells[0] = .text("x|y")
    report.charts = [
      ReportChart(
        id: "c", kind: .bars, title: "t|", summary: "s", unit: "kcal",
        points: [ChartPoint(label: "p|", value: 1, display: "1")])
    ]
    let context = TemplateContext.make(report) {
      $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
    #expect(text(context.member("title")) == "a\\|b")
    let table = try #require(list(context.member("tables")).first)
    let cell = list(list(table.member("rows"))[0].member("readerCells"))[0]
    #expect(text(cell.member("display")) == "x\\|y")
    #expect(text(cell.member("value")) == "x\\|y")
    let chart = try #require(list(context.member("charts")).first)
    #expect(text(chart.member("title")) == "t\\|")
    #expect(text(chart.member("svg"))?.contains("p|") == true)
  }

  /// The reports the direct context is compared on: charts, lists, goals, hostile and wide text.
  static let references: [ReportModel] = [
    report, F.weekReport(), F.hostileWeekReport(), F.wideWeekReport(), F.sampleWeek, F.sampleMonthOfWeeks,
    ReportModel(kind: .check, title: "t", period: nil),
  ]

  @Test func equalsTheJSONModelWithTheConveniences() {
    let escape: (String) -> String = { "<" + $0 + ">" }
    for report in Self.references {
      #expect(TemplateContext.make(report) == Self.jsonRoute(report, escape: { $0 }))
      #expect(TemplateContext.make(report, escape: escape) == Self.jsonRoute(report, escape: escape))
    }
  }

  @Test func namesKeepOnlyTheMembersTheyName() {
    let names: Set<String> = ["tables", "rows", "readerCells", "display", "lists", "items", "text", "title"]
    for report in Self.references {
      #expect(TemplateContext.make(report, names: names) == Self.pruned(Self.jsonRoute(report), names))
    }
  }

  @Test func builtInTemplatesRenderTheSameFromTheirNamesOnly() throws {
    for file in ["html.html.mustache", "markdown.md.mustache"] {
      let template = try MustacheTemplate(
        try #require(BuiltInTemplates.text(named: file)), partials: BuiltInTemplates.partials)
      let names = try #require(template.names)
      for report in Self.references {
        #expect(
          try template.renderUTF8(
            TemplateContext.make(report, names: names), partials: BuiltInTemplates.partials)
            == template.renderUTF8(TemplateContext.make(report), partials: BuiltInTemplates.partials))
      }
    }
  }

  /// The context as it was first made, the naive reference: the JSON model converted to Mustache
  /// values, then the conveniences added.
  static func jsonRoute(_ report: ReportModel, escape: (String) -> String = { $0 }) -> MustacheValue {
    func list(_ value: MustacheValue?) -> [MustacheValue] {
      if case .list(let items)? = value { return items }
      return []
    }
    func adding(_ members: [String: MustacheValue], to value: MustacheValue) -> MustacheValue {
      guard case .object(let object) = value else { return value }
      return .object(MustacheObject(object.dictionary.merging(members) { _, new in new }))
    }
    guard case .object(var top) = MustacheValue(json: report.jsonValue, escapingStrings: escape) else {
      return .null
    }
    top["hasSummary"] = .bool(!report.summary.isEmpty)
    top["hasNotes"] = .bool(!report.notes.isEmpty)
    top["hasFacts"] = .bool(!report.facts.isEmpty)
    top["hasCharts"] = .bool(!report.charts.isEmpty)
    top["tables"] = .list(
      zip(list(top["tables"]), report.tables).map { value, table in
        let shown = table.readerColumns
        let columns = list(value.member("columns"))
        let rows = list(value.member("rows")).map { row in
          let cells = list(row.member("cells"))
          return adding(
            [
              "readerCells": .list(
                shown.map { adding(["numeric": .bool($0.column.isNumeric)], to: cells[$0.index]) })
            ], to: row)
        }
        return adding(
          [
            "readerColumns": .list(
              shown.map {
                .object(["title": columns[$0.index].member("title"), "numeric": .bool($0.column.isNumeric)])
              }),
            "rows": .list(rows), "hasRows": .bool(!table.rows.isEmpty),
            "leadsSummary": .bool(table.leadsSummary),
          ], to: value)
      })
    top["lists"] = .list(
      zip(list(top["lists"]), report.lists).map { value, reportList in
        adding(
          [
            "hasItems": .bool(reportList.totalCount > 0),
            "isCut": .bool(reportList.items.count < reportList.totalCount),
            "moreCount": .number(String(reportList.totalCount - reportList.items.count)),
          ], to: value)
      })
    top["charts"] = .list(
      zip(list(top["charts"]), report.charts).map {
        adding(
          ["svg": .string(SVGChart.render($1)), "narrowSvg": .string(SVGChart.render($1, in: .narrow))],
          to: $0)
      })
    let facts = list(top["facts"])
    top["facts"] = .list(facts.indices.map { adding(["last": .bool($0 == facts.count - 1)], to: facts[$0]) })
    return .object(top)
  }

  /// `value` with every object member whose key is not in `names` removed, at every depth.
  static func pruned(_ value: MustacheValue, _ names: Set<String>) -> MustacheValue {
    switch value {
    case .list(let items): .list(items.map { pruned($0, names) })
    case .object(let members):
      .object(
        MustacheObject(members.dictionary.filter { names.contains($0.key) }.mapValues { pruned($0, names) }))
    default: value
    }
  }
}
