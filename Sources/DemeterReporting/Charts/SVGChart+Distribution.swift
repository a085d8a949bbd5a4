/// Distributions: how a group's values spread, point by point.
extension SVGChart {
  /// The fallback style of distributions' own elements, after the common style sheet.
  static let distributionStyleSheet = [
    ".chart .spread-box{fill:var(--chart-bar,#4a7bd0);fill-opacity:.35;stroke:var(--chart-bar,#4a7bd0)}",
    ".chart .spread-median{stroke:currentColor;stroke-width:2}",
    ".chart .spread-dot{fill:currentColor;fill-opacity:.6}",
  ].joined(separator: "\n")

  /// One column per point, on the y axis of bars: a box from the spread's low to its high value, a
  /// line at the point's value (the median), and a dot per value, spread across the column so equal
  /// values stay apart. Points without a spread (nobody logged) are left empty but labelled.
  static func renderDistribution(_ whole: ReportChart, in frame: ChartFrame) -> String {
    let shown = ShownPoints(whole, in: frame)
    let chart = shown.chart
    let largest =
      chart.points.map { point in
        max(
          drawable(point.value), point.spread.map { drawable($0.high) } ?? 0,
          point.spread?.values.map(drawable).max() ?? 0)
      }.max() ?? 0
    guard largest > 0 else { return renderNoData(chart, frame: frame, height: columnsHeight) }
    let scale = NiceScale(covering: largest)
    let y = { (value: Double) in Self.y(drawable(value), on: scale) }
    let f = { (value: Double) in SVGNumber.format(value) }

    let rows = shown.noteRows
    var writer = SVGWriter()
    openRoot(
      &writer, chart, frame: frame, height: columnsHeight + belowPlotHeight(rows: rows.count), empty: false)
    writer.open("style")
    writer.trusted(distributionStyleSheet)
    writer.close("style")
    drawGrid(&writer, scale, frame: frame, unit: chart.unit, y: y)
    let slot = (frame.plotRight - plotLeft) / Double(chart.points.count)
    for (index, point) in chart.points.enumerated() {
      guard let spread = point.spread else { continue }
      let left = SVGNumber.rounded(plotLeft + Double(index) * slot + slot * 0.2)
      let right = SVGNumber.rounded(plotLeft + Double(index + 1) * slot - slot * 0.2)
      writer.open("g", [("class", "spread")], block: true)
      let top = y(spread.high)
      writer.open(
        "rect",
        [
          ("class", "spread-box"), ("x", f(left)), ("y", f(top)), ("width", f(right - left)),
          ("height", f(max(0, y(spread.low) - top))),
        ])
      writer.element("title", text: tooltip(point, unit: chart.unit))
      writer.close("rect")
      let median = y(point.value)
      writer.empty(
        "line",
        [("class", "spread-median"), ("x1", f(left)), ("y1", f(median)), ("x2", f(right)), ("y2", f(median))])
      let count = spread.values.count
      for (position, value) in spread.values.enumerated() {
        let x = SVGNumber.rounded(left + (right - left) * (Double(position) + 0.5) / Double(count))
        writer.empty("circle", [("class", "spread-dot"), ("cx", f(x)), ("cy", f(y(value))), ("r", "2")])
      }
      writer.close("g")
    }
    writer.empty(
      "line",
      [
        ("class", "axis"), ("x1", f(plotLeft)), ("y1", f(plotBottom)), ("x2", f(frame.plotRight)),
        ("y2", f(plotBottom)),
      ])
    drawXLabels(&writer, chart, frame: frame, slot: slot)
    drawBelowPlot(&writer, rows: rows)
    writer.close("svg")
    return writer.output
  }
}
