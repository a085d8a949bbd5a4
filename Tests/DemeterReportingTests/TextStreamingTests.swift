import DemeterCore
import Testing
import TextReport

@testable import DemeterReporting

/// A text report written a primary-table row at a time once its rows are measured
/// (`MeasuredStreamingGenerator`): the same bytes as drawing it whole, off and on a terminal.
@Suite struct TextStreamingTests {
  static let optionSets = [
    RenderOptions(),
    RenderOptions(color: true, terminal: true, width: 60),
    RenderOptions(color: false, terminal: true, width: 200),
  ]

  @Test(arguments: 0..<3) func rowsWrittenAsTheyComeGiveTheBytesOfTheWholeReport(options: Int) throws {
    let options = Self.optionSets[options]
    let generator = TextGenerator()
    for report in TemplateStreamingTests.reports() {
      let rows = report.tables[0].rows
      var shell = report
      shell.tables[0].rows = []
      // Measured a part at a time, as a listing is.
      let widths = stride(from: 0, to: rows.count, by: 2).map {
        generator.widths(of: Array(rows[$0..<min($0 + 2, rows.count)]), in: report.tables[0])
      }.reduce(into: [Int]()) { widest, part in
        widest = widest.isEmpty ? part : zip(widest, part).map { max($0, $1) }
      }
      let stream = generator.streaming(shell, widths: widths)
      var streamed = stream.renderHead(of: shell, options: options)
      for start in stride(from: 0, to: rows.count, by: 3) {
        streamed += stream.renderRows(Array(rows[start..<min(start + 3, rows.count)]), after: start, options: options)
      }
      streamed += stream.renderTail(of: shell, options: options)
      let whole = try generator.render(report, options: options)
      #expect(!rows.isEmpty)
      #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
    }
  }
}
