import DemeterReporting

/// Builds the lines of a text report, with optional ANSI styling. On a terminal (`terminalWidth`)
/// lines fit its width: names are cut, table columns left out, ids never cut. Elsewhere nothing is
/// cut: paragraphs wrap at `TextGenerator.width` and tables take the width their cells need.
struct TextCanvas {
  let color: Bool
  /// The width paragraphs wrap at.
  let width: Int
  /// Whether lines are cut to `width` (on a terminal).
  let cuts: Bool
  private(set) var text = ""

  init(color: Bool, terminalWidth: Int?) {
    self.color = color
    width = terminalWidth ?? TextGenerator.width
    cuts = terminalWidth != nil
  }

  /// `text` cut to `columns` on a terminal, whole elsewhere.
  func fitted(_ text: String, _ columns: Int) -> String {
    cuts ? DisplayWidth.truncate(text, to: columns) : text
  }

  mutating func line(_ line: String) { text += line + "\n" }

  mutating func blank() { text += "\n" }

  mutating func heading(_ title: String) { line(styled(fitted(title, width), "1")) }

  mutating func section(_ title: String) { line(styled(fitted(title, width), "1;4")) }

  mutating func dim(_ text: String) { line(styled(text, "2")) }

  /// Parts joined with `separator`, wrapped at the report width, dimmed.
  mutating func wrapped(_ parts: [String], separator: String) {
    var current = ""
    for part in parts {
      let candidate = current.isEmpty ? part : current + separator + part
      if !current.isEmpty, DisplayWidth.of(candidate) > width {
        dim(fitted(current, width))
        current = part
      } else {
        current = candidate
      }
    }
    if !current.isEmpty { dim(fitted(current, width)) }
  }

  /// `text` wrapped at spaces to the report width: the first line starts with `first`, the others
  /// with `indent`; a word too long for a line is cut.
  mutating func paragraph(_ text: String, first: String = "", indent: String = "", dimmed: Bool = false) {
    var current = first
    var hasWord = false
    for word in text.split(separator: " ") {
      let candidate = current + (hasWord ? " " : "") + word
      if hasWord, DisplayWidth.of(candidate) > width {
        paragraphLine(current, dimmed)
        current = indent + word
      } else {
        current = candidate
      }
      hasWord = true
    }
    paragraphLine(current, dimmed)
  }

  private mutating func paragraphLine(_ text: String, _ dimmed: Bool) {
    let shown = fitted(text, width)
    if dimmed { dim(shown) } else { line(shown) }
  }

  private func styled(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// Label/value pairs, values right-aligned in one column.
  mutating func facts(_ pairs: [(String, String)]) {
    let longestLabel = pairs.map { DisplayWidth.of($0.0) }.max() ?? 0
    let valueWidth = pairs.map { DisplayWidth.of($0.1) }.max() ?? 0
    let labelWidth = cuts ? min(longestLabel, 44, max(8, width - 4 - valueWidth)) : longestLabel
    let valueRoom = cuts ? min(valueWidth, width - labelWidth - 4) : valueWidth
    for (label, value) in pairs {
      let shownLabel = pad(fitted(label, labelWidth), labelWidth)
      line("  " + shownLabel + "  " + padLeft(fitted(value, valueRoom), valueRoom))
    }
  }

  /// Where the rows of the table drawn with its widths given (`table(_:escape:streamed:)`) go.
  private(set) var rowsOffset: Int?

  /// A table's reader columns, aligned (`layout`); on a terminal, the columns left out to fit it
  /// are named below the table. With `streamed`, the widths its rows need, the rows are left out
  /// (their lines go at `rowsOffset`, each drawn by `row(_:layout:escape:)`).
  mutating func table(_ table: ReportTable, escape: (String) -> String, streamed: [Int]? = nil) {
    let layout = self.layout(of: table, natural: streamed ?? Self.widths(of: table.rows, in: table, escape: escape))
    line(styled(layout.render(layout.columns.map { escape($0.title) }, canvas: self), "1"))
    if streamed == nil {
      for row in table.rows { self.row(row, layout: layout, escape: escape) }
    } else {
      rowsOffset = text.utf8.count
    }
    let left = layout.columns.indices.filter { !layout.shown.contains($0) }.map { escape(layout.columns[$0].title) }
    if !left.isEmpty {
      paragraph(
        "Left out to fit \(width) columns: \(left.joined(separator: ", ")); a wider COLUMNS, a file or a pipe "
          + "shows them", first: "  ", indent: "  ", dimmed: true)
    }
  }

  /// The line of `row` in a table laid out as `layout`.
  mutating func row(_ row: ReportTableRow, layout: TextTableLayout, escape: (String) -> String) {
    let rendered = layout.render(layout.cells.map { escape(row.cells[$0].display) }, canvas: self)
    line(row.role == .empty ? styled(rendered, "2") : rendered)
  }

  /// The width each reader column of `table` needs for its title and the cells of `rows`.
  static func widths(of rows: [ReportTableRow], in table: ReportTable, escape: (String) -> String) -> [Int] {
    let columns = table.readerColumns
    let cells = rows.map { row in columns.map { escape(row.cells[$0.index].display) } }
    return TextColumns.widths([columns.map { escape($0.column.title) }] + cells, measure: DisplayWidth.of)
  }

  /// How `table` is drawn here when its reader columns need the widths `natural`.
  func layout(of table: ReportTable, natural: [Int]) -> TextTableLayout {
    let columns = table.readerColumns
    let all = columns.map(\.column)
    let (shown, widths, gap) = layout(all, natural: natural)
    return TextTableLayout(
      columns: all, cells: columns.map(\.index), shown: shown, widths: widths, gap: gap,
      numeric: Set(shown.indices.filter { all[shown[$0]].isNumeric }))
  }

  /// Which of `columns` a table shows (their indices), their widths and the spaces between them:
  /// each column as wide as its cells, two spaces apart, or one when that fits the width and two do
  /// not (off a terminal, two when neither fits). On a terminal, then, text columns are cut (to no
  /// fewer than 10 columns, so dates stay whole; ids never), and when that is not enough the last
  /// columns but the first and the ids are left out.
  private func layout(_ columns: [ReportColumn], natural: [Int]) -> (shown: [Int], widths: [Int], gap: Int) {
    var shown = Array(columns.indices)
    while true {
      var fallback: (shown: [Int], widths: [Int], gap: Int) = (shown, [], 2)
      for gap in [2, 1] {
        var widths = shown.map { natural[$0] }
        let budget = width - 2 - gap * max(0, shown.count - 1)
        while cuts, widths.reduce(0, +) > budget,
          let widest = widths.indices.filter({
            !columns[shown[$0]].isNumeric && !columns[shown[$0]].isIdentifier && widths[$0] > 10
          }).max(by: { widths[$0] < widths[$1] })
        {
          widths[widest] -= 1
        }
        if widths.reduce(0, +) <= budget { return (shown, widths, gap) }
        fallback = (shown, widths, gap)
      }
      guard cuts else { return (shown, natural, 2) }
      guard let last = shown.lastIndex(where: { $0 != 0 && !columns[$0].isIdentifier }) else {
        return fallback
      }
      shown.remove(at: last)
    }
  }

  /// Bars of block characters, scaled to the largest value (or the goal).
  mutating func chart(_ chart: ReportChart, escape: (String) -> String) {
    let labels = chart.points.map { fitted(escape($0.label), 14) }
    let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
    let displays = chart.points.map { escape($0.display) }
    let displayWidth = displays.map(DisplayWidth.of).max() ?? 0
    let barWidth = max(10, width - 2 - labelWidth - 2 - 2 - displayWidth)
    let lineValues = chart.line?.values ?? []
    let top = max(
      chart.points.map(\.value).max() ?? 0, chart.goal ?? 0, chart.kind == .shares ? 1 : 0,
      lineValues.compactMap { $0 }.max() ?? 0)
    for (index, point) in chart.points.enumerated() {
      let eighths = top > 0 ? Int((point.value / top * Double(barWidth * 8)).rounded()) : 0
      var bar = String(repeating: "█", count: eighths / 8)
      if eighths % 8 > 0 { bar += String(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1]) }
      let overGoal = chart.goal != nil && point.goalStatus == .over
      var cells = Array(bar) + Array(repeating: " ", count: barWidth - DisplayWidth.of(bar))
      // The line's value as a dot on the bar's row (the dots of the rows draw the line).
      if index < lineValues.count, let value = lineValues[index], top > 0 {
        cells[min(barWidth - 1, max(0, Int((value / top * Double(barWidth)).rounded()) - 1))] = "●"
      }
      let shownBar = overGoal ? styled(String(cells), "33") : String(cells)
      line(
        "  " + pad(labels[index], labelWidth) + "  " + shownBar + "  "
          + padLeft(displays[index], displayWidth))
    }
    // The legend: the bars' label when the chart names them, and the line's.
    let legend = [chart.barLabel.map { "█ " + escape($0) }, chart.line.map { "● " + escape($0.label) }]
      .compactMap { $0 }
    if !legend.isEmpty {
      line("  " + String(repeating: " ", count: labelWidth + 2) + legend.joined(separator: "  "))
    }
    if let goal = chart.goal, top > 0 {
      let position = Int((goal / top * Double(barWidth)).rounded())
      line("  " + String(repeating: " ", count: labelWidth + 2 + max(0, position - 1)) + "↑ goal")
    }
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
  }

  private func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
  }
}
