/// Aligned columns of text, the one renderer of the tool's plain tables (reports' text tables,
/// `formats`, the `ingredients` listings, the benchmark's tables): each column padded to a width,
/// numbers (the right-aligned columns) padded on the left.
package enum TextColumns {
  /// `rows` with every column as wide as its widest cell, `separator` between columns, one line
  /// each (no line end) and no trailing spaces. `measure` counts a cell's columns on the terminal.
  package static func lines(
    _ rows: [[String]], rightAligned: Set<Int> = [], separator: String = "  ",
    measure: (String) -> Int = { $0.count }
  ) -> [String] {
    let widths = self.widths(rows, measure: measure)
    return rows.map {
      line($0, widths: widths, rightAligned: rightAligned, separator: separator, measure: measure)
    }
  }

  /// The widest cell of each column of `rows` (a short row leaves its missing cells out).
  package static func widths(_ rows: [[String]], measure: (String) -> Int = { $0.count }) -> [Int] {
    let columns = rows.map(\.count).max() ?? 0
    return (0..<columns).map { column in
      rows.map { column < $0.count ? measure($0[column]) : 0 }.max() ?? 0
    }
  }

  /// One row after `indent`, each cell padded to its column's width, `separator` between them;
  /// without trailing spaces when `trimmed` (a table that ends each line itself, like `| … |`, keeps them).
  package static func line(
    _ cells: [String], widths: [Int], rightAligned: Set<Int> = [], separator: String = "  ",
    indent: String = "", trimmed: Bool = true, measure: (String) -> Int = { $0.count }
  ) -> String {
    var line = indent + cells.indices.map { index in
      let padding = String(repeating: " ", count: max(0, widths[index] - measure(cells[index])))
      return rightAligned.contains(index) ? padding + cells[index] : cells[index] + padding
    }.joined(separator: separator)
    if trimmed {
      while line.last == " " { line.removeLast() }
    }
    return line
  }
}
