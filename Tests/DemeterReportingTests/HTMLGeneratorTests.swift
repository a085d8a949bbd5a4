import DemeterCore
import DemeterReporting
import Foundation
import HTMLReport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `HTMLGenerator` (manual: output, reliability): one self-contained, well-formed, accessible page with every
/// journal string escaped.
@Suite struct HTMLGeneratorTests {
  typealias F = JournalFixtures

  func html(_ report: ReportModel) throws -> String {
    String(decoding: try HTMLGenerator().render(report, options: RenderOptions()), as: UTF8.self)
  }

  static var reports: [(String, ReportModel)] {
    [
      ("sample week", F.sampleWeek), ("sample weeks", F.sampleMonthOfWeeks),
      ("hostile", F.hostileWeekReport()), ("wide", F.wideWeekReport()),
    ]
  }

  @Test func pagesAreWellFormedXML() throws {
    for (name, report) in Self.reports {
      let page = try html(report)
      let root = ChartXMLTreeBuilder.parse(page)
      #expect(root?.name == "html", "\(name)")
    }
  }

  @Test func pageIsSelfContained() throws {
    for (name, report) in Self.reports {
      let page = try html(report)
      #expect(!page.lowercased().contains("<script"), "\(name)")
      #expect(!page.contains("<link"), "\(name)")
      #expect(!page.contains("src="), "\(name)")
      let withoutNamespace = page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
      #expect(!withoutNamespace.contains("http://"), "\(name)")
      #expect(!withoutNamespace.contains("https://") || name == "hostile", "\(name)")
    }
  }

  @Test func hostileURLsAppearOnlyAsText() throws {
    let page = try html(F.hostileWeekReport())
    let root = try #require(ChartXMLTreeBuilder.parse(page))
    #expect(root.allElements.allSatisfy { $0.name != "a" })
    #expect(
      root.allElements.allSatisfy { element in
        !element.attributes.values.contains { $0.contains("example.com") }
      })
  }

  @Test func tablesHaveCaptionsAndHeaders() throws {
    let report = F.sampleWeek
    let root = try #require(ChartXMLTreeBuilder.parse(try html(report)))
    let tables = root.allElements.filter { $0.name == "table" }
    #expect(tables.count == report.tables.filter { !$0.rows.isEmpty }.count)
    for (table, model) in zip(tables, report.tables.filter { !$0.rows.isEmpty }) {
      let caption = table.children.first { $0.name == "caption" }
      #expect(caption?.text == model.caption)
      let headers = table.allElements.filter { $0.name == "th" }
      #expect(headers.map(\.text) == model.readerColumns.map(\.column.title))
      #expect(headers.allSatisfy { $0.attributes["scope"] == "col" })
      let rows = table.allElements.filter { $0.name == "tr" }.dropFirst()
      #expect(rows.count == model.rows.count)
      #expect(rows.allSatisfy { $0.children.count == model.readerColumns.count })
    }
  }

  @Test func everyChartHasATitleAndADescription() throws {
    let report = F.sampleWeek
    let root = try #require(ChartXMLTreeBuilder.parse(try html(report)))
    let svgs = root.allElements.filter { $0.name == "svg" }
    // Each chart twice: for the page and for a phone.
    #expect(svgs.count == 2 * report.charts.count)
    for (svg, chart) in zip(svgs, report.charts.flatMap { [$0, $0] }) {
      #expect(svg.children.first { $0.name == "title" }?.text.isEmpty == false, "\(chart.id)")
      #expect(svg.children.first { $0.name == "desc" }?.text.isEmpty == false, "\(chart.id)")
    }
  }

  @Test func styleCoversDarkModeAndPrint() throws {
    let root = try #require(ChartXMLTreeBuilder.parse(try html(F.weekReport())))
    let style = try #require(root.allElements.first { $0.name == "style" })
    #expect(style.text.contains("prefers-color-scheme: dark"))
    #expect(style.text.contains("@media print"))
    #expect(root.attributes["lang"] == "en")
    #expect(root.allElements.first { $0.name == "title" }?.text == "Week 2026-W47")
  }

  @Test func hostileStringsAreEscaped() throws {
    let page = try html(F.hostileWeekReport())
    #expect(!page.contains("<script>alert(1)</script>"))
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!page.contains("]]><!--"))
    #expect(!page.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" })
    let root = try #require(ChartXMLTreeBuilder.parse(page))
    // Parsed back, the name is text inside a cell, not an element.
    #expect(root.allElements.contains { $0.name == "td" && $0.text == "<script>alert(1)</script>" })
    #expect(root.allElements.allSatisfy { $0.name != "script" })
  }

  @Test func emptyRowsAreMarked() throws {
    let root = try #require(ChartXMLTreeBuilder.parse(try html(F.weekReport())))
    let daily = root.allElements.filter { $0.name == "tr" && $0.attributes["class"] == "empty" }
    #expect(daily.count == 5)
  }
}
