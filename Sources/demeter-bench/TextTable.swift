import DemeterReporting

/// A table printed with aligned columns and `|` separators: readable in a terminal and valid
/// GitHub-flavoured Markdown as it is (the header rule carries each column's alignment).
struct TextTable: Sendable {
  enum Alignment: Sendable {
    case left, right
  }

  struct Column: Sendable {
    var title: String
    var alignment: Alignment
  }

  var columns: [Column]
  private(set) var rows: [[String]] = []

  /// Columns from titles; the first is left-aligned, the others (numbers) right-aligned.
  init(_ titles: [String]) {
    columns = titles.enumerated().map { Column(title: $1, alignment: $0 == 0 ? .left : .right) }
  }

  mutating func append(_ cells: [String]) {
    precondition(cells.count == columns.count, "a row needs one cell per column")
    rows.append(cells)
  }

  /// The table's lines, each ending in a newline.
  func rendered() -> String {
    let widths = TextColumns.widths([columns.map(\.title)] + rows).map { max(3, $0) }
    let rightAligned = Set(columns.indices.filter { columns[$0].alignment == .right })
    func line(_ cells: [String]) -> String {
      TextColumns.line(
        cells, widths: widths, rightAligned: rightAligned, separator: " | ", indent: "| ", trimmed: false)
        + " |\n"
    }
    let rule = columns.indices.map { index -> String in
      let dashes = String(repeating: "-", count: widths[index])
      return columns[index].alignment == .left ? ":" + dashes + "-" : "-" + dashes + ":"
    }
    return line(columns.map(\.title)) + "|" + rule.joined(separator: "|") + "|\n"
      + rows.map(line).joined()
  }
}
