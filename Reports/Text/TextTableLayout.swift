import DemeterReporting

/// How a text table is drawn (`TextCanvas.layout(of:natural:)`): its reader columns, which of them
/// are shown, how wide, and how far apart.
struct TextTableLayout: Sendable {
  /// The table's reader columns.
  let columns: [ReportColumn]
  /// The index in a row's cells of each reader column.
  let cells: [Int]
  /// The reader columns shown (their positions in `columns`).
  let shown: [Int]
  /// Each shown column's width.
  let widths: [Int]
  /// The spaces between columns.
  let gap: Int
  /// The shown columns (positions in `shown`) aligned right.
  let numeric: Set<Int>

  /// One line of a row's reader cells `cells`, each fitted to its column on `canvas`.
  func render(_ cells: [String], canvas: TextCanvas) -> String {
    let cut = shown.indices.map { canvas.fitted(cells[shown[$0]], widths[$0]) }
    return TextColumns.line(
      cut, widths: widths, rightAligned: numeric, separator: String(repeating: " ", count: gap),
      indent: "  ", measure: DisplayWidth.of)
  }
}
