import DemeterReporting

/// A text report written a primary-table row at a time once its rows are measured (manual:
/// architecture): the report `shell` drawn with that table's widths and without its
/// rows, split where they go, and each part of rows drawn in the same layout. Its head and tail are
/// the shell's, whatever report they are asked for.
struct TextTableStream: WholeFormatStream {
  let shell: ReportModel
  /// The width each reader column of the primary table needs for every row.
  let widths: [Int]
  let format = TextGenerator()

  func renderHead(of report: ReportModel, options: RenderOptions) -> [UInt8] { Array(drawn(options).head) }

  func renderRows(_ rows: [ReportTableRow], after written: Int, options: RenderOptions) -> [UInt8] {
    guard let table = shell.primaryTable else { return [] }
    var out = canvas(options)
    let layout = out.layout(of: table, natural: widths)
    for row in rows { out.row(row, layout: layout, escape: format.safe) }
    return Array(out.text.utf8)
  }

  func renderTail(of report: ReportModel, options: RenderOptions) -> [UInt8] { Array(drawn(options).tail) }

  /// The shell drawn, split where the rows go.
  private func drawn(_ options: RenderOptions) -> (head: Substring.UTF8View, tail: Substring.UTF8View) {
    var out = canvas(options)
    format.draw(shell, on: &out, streamed: widths)
    let utf8 = out.text.utf8
    let split = utf8.index(utf8.startIndex, offsetBy: out.rowsOffset ?? utf8.count)
    return (Substring(out.text)[..<split].utf8, Substring(out.text)[split...].utf8)
  }

  private func canvas(_ options: RenderOptions) -> TextCanvas {
    TextCanvas(color: options.color, terminalWidth: options.width)
  }
}
