import DemeterCore
import HTMLReport
import MarkdownReport
import Testing

@testable import DemeterReporting

/// A built-in template's report written a primary-table row at a time (`ShellStreamingGenerator`):
/// the same bytes as rendering it whole, and a template that does not list the rows once is not split.
@Suite struct TemplateStreamingTests {
  typealias F = JournalFixtures

  static let formats: [any ShellStreamingGenerator] = [MarkdownGenerator(), HTMLGenerator()]

  /// Reports of several tables, charts and lists, and of entries with strings each format escapes.
  static func reports() -> [ReportModel] {
    var rows = F.weekRows
    rows[0].foodName = "<b>|pipes|</b> & \"quotes\" `code` *stars*"
    rows[1].rawDescription = "line\nbreak\u{1B}[31m"
    return [
      F.weekReport(),
      F.entriesReport(entries: F.entries(rows), period: F.period("2026-11-16", "2026-11-22"), context: F.context()),
    ]
  }

  @Test(arguments: 0..<2) func rowsWrittenAsTheyComeGiveTheBytesOfTheWholeReport(format: Int) throws {
    let generator = Self.formats[format]
    for report in Self.reports() {
      var shell = report
      shell.tables[0].rows = []
      let stream = try #require(try generator.streaming(shell))
      let whole = try generator.render(report, options: StreamingFixtures.options)
      #expect(!whole.isEmpty)
      #expect(StreamingFixtures.streamed(report, stream) == whole)
    }
  }

  @Test func aListRenderedTwiceIsNotSplit() throws {
    let template = try MustacheTemplate("{{#rows}}[{{.}}]{{/rows}}-{{#rows}}({{.}}){{/rows}}")
    let marker = TemplateContext.streamedRows
    #expect(try template.split(["rows": [marker]], at: marker, partials: MustachePartials()) == nil)
    #expect(try template.split(["rows": []], at: marker, partials: MustachePartials()) == nil)
  }

  @Test func itemsRenderInTheirPlaceWithTheContextAroundThem() throws {
    let template = try MustacheTemplate(
      "<{{title}}>{{#outer}}{{#rows}}{{name}}/{{unit}}/{{title}};{{/rows}}{{/outer}}</{{title}}>")
    let marker = TemplateContext.streamedRows
    let items: [MustacheValue] = [["name": "a"], ["name": "b", "unit": "g"], ["name": "c"]]
    let split = try #require(
      try template.split(
        ["title": "T", "outer": ["unit": "kg", "rows": [marker]]], at: marker, partials: MustachePartials()))
    let whole = try template.renderUTF8(["title": "T", "outer": ["unit": "kg", "rows": .list(items)]])
    let streamed = split.head + (try split.render(Array(items[..<1]))) + (try split.render(Array(items[1...]))) + split.tail
    #expect(streamed == whole)
    #expect(String(decoding: whole, as: UTF8.self) == "<T>a/kg/T;b/g/T;c/kg/T;</T>")
  }
}
