import DemeterReporting

/// Builds the lines of a text report, with optional ANSI styling.
struct TextCanvas {
  let color: Bool
  private(set) var text = ""

  init(color: Bool) {
    self.color = color
  }

  mutating func line(_ line: String) { text += line + "\n" }

  mutating func blank() { text += "\n" }

  mutating func heading(_ title: String) { line(styled(title, "1")) }

  mutating func section(_ title: String) { line(styled(title, "1;4")) }

  mutating func dim(_ text: String) { line(styled(text, "2")) }

  /// Parts joined with `separator`, wrapped at the report width, dimmed.
  mutating func wrapped(_ parts: [String], separator: String) {
    var current = ""
    for part in parts {
      let candidate = current.isEmpty ? part : current + separator + part
      if !current.isEmpty, DisplayWidth.of(candidate) > TextGenerator.width {
        dim(DisplayWidth.truncate(current, to: TextGenerator.width))
        current = part
      } else {
        current = candidate
      }
    }
    if !current.isEmpty { dim(DisplayWidth.truncate(current, to: TextGenerator.width)) }
  }

  /// `text` wrapped at spaces to the report width: the first line starts with `first`, the others
  /// with `indent`; a word too long for a line is cut.
  mutating func paragraph(_ text: String, first: String = "", indent: String = "", dimmed: Bool = false) {
    var current = first
    var hasWord = false
    for word in text.split(separator: " ") {
      let candidate = current + (hasWord ? " " : "") + word
      if hasWord, DisplayWidth.of(candidate) > TextGenerator.width {
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
    let shown = DisplayWidth.truncate(text, to: TextGenerator.width)
    if dimmed { dim(shown) } else { line(shown) }
  }

  private func styled(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// Label/value pairs, values right-aligned in one column.
  mutating func facts(_ pairs: [(String, String)]) {
    let labelWidth = min(44, pairs.map { DisplayWidth.of($0.0) }.max() ?? 0)
    let valueWidth = pairs.map { DisplayWidth.of($0.1) }.max() ?? 0
    for (label, value) in pairs {
      let shownLabel = DisplayWidth.truncate(label, to: labelWidth)
      let shownValue = DisplayWidth.truncate(value, to: TextGenerator.width - labelWidth - 4)
      line(
        "  " + pad(shownLabel, labelWidth) + "  "
          + padLeft(shownValue, min(valueWidth, TextGenerator.width - labelWidth - 4)))
    }
  }

  /// A table's reader columns, aligned; text columns are cut so the table fits the width.
  mutating func table(_ table: ReportTable, escape: (String) -> String) {
    let columns = table.readerColumns
    let header = columns.map { escape($0.column.title) }
    let body = table.rows.map { row in columns.map { escape(row.cells[$0.index].display) } }
    let natural = TextColumns.widths([header] + body, measure: DisplayWidth.of)
    // Columns two spaces apart, text columns cut to fit; one space apart when that is not enough.
    var widths = natural
    var gap = 2
    for candidate in [2, 1] {
      gap = candidate
      widths = natural
      let budget = TextGenerator.width - 2 - gap * max(0, widths.count - 1)
      while widths.reduce(0, +) > budget, let widest = textColumnToShrink(columns, widths) {
        widths[widest] -= 1
      }
      if widths.reduce(0, +) <= budget { break }
    }
    let separator = String(repeating: " ", count: gap)
    let numeric = Set(columns.indices.filter { columns[$0].column.isNumeric })
    func render(_ cells: [String]) -> String {
      let shown = cells.indices.map { DisplayWidth.truncate(cells[$0], to: widths[$0]) }
      return TextColumns.line(
        shown, widths: widths, rightAligned: numeric, separator: separator, indent: "  ",
        measure: DisplayWidth.of)
    }
    line(styled(render(header), "1"))
    for (row, cells) in zip(table.rows, body) {
      let rendered = render(cells)
      line(row.role == .empty ? styled(rendered, "2") : rendered)
    }
  }

  private func textColumnToShrink(_ columns: [(index: Int, column: ReportColumn)], _ widths: [Int]) -> Int? {
    widths.indices.filter { !columns[$0].column.isNumeric && widths[$0] > 8 }.max { widths[$0] < widths[$1] }
  }

  /// Bars of block characters, scaled to the largest value (or the goal).
  mutating func chart(_ chart: ReportChart, escape: (String) -> String) {
    let labels = chart.points.map { DisplayWidth.truncate(escape($0.label), to: 14) }
    let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
    let displays = chart.points.map { escape($0.display) }
    let displayWidth = displays.map(DisplayWidth.of).max() ?? 0
    let barWidth = max(10, TextGenerator.width - 2 - labelWidth - 2 - 2 - displayWidth)
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
