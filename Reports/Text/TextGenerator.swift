import DemeterReporting

/// The terminal report (manual: output; the default): aligned tables, charts as bars of block
/// characters, colour only when `RenderOptions.color` allows it. On a terminal the report fits its
/// width (`RenderOptions.width`); elsewhere nothing is cut. Every journal string is made terminal-safe.
public struct TextGenerator: MeasuredStreamingGenerator {
  public let name = "text"
  public let fileExtension = "txt"
  public let mediaType = "text/plain; charset=utf-8"
  public let summary = "aligned tables for the terminal (the default)"

  /// The width paragraphs wrap at when the output is not shown on a terminal.
  public static let width = 80

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    var out = TextCanvas(color: options.color, terminalWidth: options.width)
    draw(report, on: &out, streamed: nil)
    return Array(out.text.utf8)
  }

  public func widths(of rows: [ReportTableRow], in table: ReportTable) -> [Int] {
    TextCanvas.widths(of: rows, in: table, escape: safe)
  }

  public func streaming(_ shell: ReportModel, widths: [Int]) -> any TableStreamingGenerator {
    TextTableStream(shell: shell, widths: widths)
  }

  /// Draws `report`; with `streamed`, the widths its primary table's rows need, that table is drawn
  /// whatever rows it has, without them (`TextCanvas.rowsOffset`).
  func draw(_ report: ReportModel, on out: inout TextCanvas, streamed: [Int]?) {
    func drawn(_ index: Int) -> Bool { !report.tables[index].rows.isEmpty || (index == 0 && streamed != nil) }
    func draw(_ index: Int) {
      out.blank()
      out.section(safe(report.tables[index].caption))
      out.table(report.tables[index], escape: safe, streamed: index == 0 ? streamed : nil)
    }
    out.heading(safe(report.title))
    if let period = report.period, !report.title.hasSuffix(period.first) || period.first != period.last {
      out.dim(safe(period.first == period.last ? period.first : "\(period.first) to \(period.last)"))
    }
    if let query = report.query { out.dim("Query: " + safe(query)) }
    for index in report.tables.indices where drawn(index) && report.tables[index].leadsSummary { draw(index) }
    if !report.summary.isEmpty {
      out.blank()
      out.section("Summary")
      out.facts(
        report.summary.filter { !$0.value.display.isEmpty }.map { (safe($0.label), safe($0.value.display)) })
    }
    for index in report.tables.indices where drawn(index) && !report.tables[index].leadsSummary { draw(index) }
    for chart in report.charts where chart.points.contains(where: { $0.value > 0 }) {
      out.blank()
      out.section(safe(chart.title))
      out.chart(chart, escape: safe)
    }
    for list in report.lists where list.totalCount > 0 {
      out.blank()
      let shown =
        list.items.count < list.totalCount
        ? " (\(list.items.count) of \(list.totalCount))" : " (\(list.totalCount))"
      out.section(safe(list.title) + shown)
      out.paragraph(safe(list.summary), dimmed: true)
      for item in list.items {
        out.line("  " + out.fitted(safe(item.text), out.width - 2))
        out.dim("      " + out.fitted(safe(item.detail), out.width - 6))
      }
      if list.items.count < list.totalCount {
        out.dim("  … and \(list.totalCount - list.items.count) more (--limit all lists them all)")
      }
    }
    if !report.notes.isEmpty {
      out.blank()
      for note in report.notes { out.paragraph(safe(note), first: "Note: ", indent: "      ") }
    }
    if !report.facts.isEmpty {
      out.blank()
      out.wrapped(report.facts.map { "\(safe($0.label)): \(safe($0.value.display))" }, separator: " · ")
    }
  }

  func safe(_ text: String) -> String { TextEscaping.terminal(text) }
}
