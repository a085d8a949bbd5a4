/// Shares: parts of one whole as a horizontal stacked bar with a legend.
extension SVGChart {
  static let shareLeft = 16.0
  static let shareTop = 16.0
  static let shareBarHeight = 40.0
  static let legendRowHeight = 20.0
  /// Number of position classes `share-0` … before they repeat.
  static let shareColorCount = 6

  /// The classes of part `index` labelled `label`: `share-N` and, when the label has letters or
  /// digits, `share-NAME` (e.g. `share-protein`).
  static func shareClasses(index: Int, label: String) -> String {
    let name = SVGText.identifier(label, fallback: "")
    return "share-" + String(index % shareColorCount) + (name.isEmpty ? "" : " share-" + name)
  }

  /// One bar across the chart split in proportion to the values (normalised by their sum, so they
  /// need not add up to exactly 1); a segment carries its label and display when they fit. The legend
  /// lists every part, zero ones included. No positive value gives the "no data" SVG.
  static func renderShares(_ chart: ReportChart, in frame: ChartFrame) -> String {
    let values = chart.points.map { drawable($0.value) }
    let total = values.reduce(0, +)
    guard total > 0 else { return renderNoData(chart, frame: frame, height: sharesHeight) }
    let shareRight = frame.plotRight
    let columns = max(1, min(chart.points.count, frame.legendColumns))
    let rows = (chart.points.count + columns - 1) / columns
    let height = sharesHeight + Double(rows - 1) * legendRowHeight
    let barWidth = shareRight - shareLeft
    let f = { (value: Double) in SVGNumber.format(value) }

    var writer = SVGWriter()
    openRoot(&writer, chart, frame: frame, height: height, empty: false)

    // Segments; the last one ends exactly at the right edge so the widths add up to the bar.
    var segments: [(index: Int, start: Double, width: Double)] = []
    var cumulative = 0.0
    for index in values.indices {
      let start = SVGNumber.rounded(shareLeft + barWidth * cumulative / total)
      cumulative += values[index]
      let end =
        index == values.count - 1 ? shareRight : SVGNumber.rounded(shareLeft + barWidth * cumulative / total)
      if values[index] > 0 && end > start { segments.append((index, start, end - start)) }
    }
    writer.open("g", [("class", "segments")], block: true)
    for segment in segments {
      let point = chart.points[segment.index]
      writer.open(
        "rect",
        [
          ("class", "segment " + shareClasses(index: segment.index, label: point.label)),
          ("x", f(segment.start)), ("y", f(shareTop)), ("width", f(segment.width)),
          ("height", f(shareBarHeight)),
        ])
      writer.element("title", text: tooltip(point, unit: chart.unit))
      writer.close("rect")
    }
    writer.close("g")

    for segment in segments {
      let point = chart.points[segment.index]
      let display = SVGText.truncated(point.display, to: 24)
      let full = SVGText.truncated(point.label, to: 24) + (display.isEmpty ? "" : " " + display)
      let fits = { (text: String) in Double(text.count) * characterWidth + 8 <= segment.width }
      let text = fits(full) ? full : (!display.isEmpty && fits(display) ? display : nil)
      guard let text else { continue }
      writer.element(
        "text",
        [
          ("class", "segment-label"), ("x", f(SVGNumber.rounded(segment.start + segment.width / 2))),
          ("y", f(shareTop + shareBarHeight / 2 + 4)), ("text-anchor", "middle"),
        ], text: text)
    }

    // The legend, `columns` items per row.
    let columnWidth = barWidth / Double(columns)
    let legendCharacters = max(4, Int((columnWidth - 24) / characterWidth))
    let legendTop = shareTop + shareBarHeight + 24
    writer.open("g", [("class", "legend")], block: true)
    for (index, point) in chart.points.enumerated() {
      let x = SVGNumber.rounded(shareLeft + Double(index % columns) * columnWidth)
      let y = legendTop + Double(index / columns) * legendRowHeight
      writer.empty(
        "rect",
        [
          ("class", "legend-swatch " + shareClasses(index: index, label: point.label)), ("x", f(x)),
          ("y", f(y - 9)), ("width", "10"), ("height", "10"),
        ])
      let display = SVGText.clean(point.display)
      let text = SVGText.truncated(
        SVGText.clean(point.label) + (display.isEmpty ? "" : " " + display), to: legendCharacters)
      writer.element("text", [("class", "label legend-label"), ("x", f(x + 16)), ("y", f(y))], text: text)
    }
    writer.close("g")
    writer.close("svg")
    return writer.output
  }
}
