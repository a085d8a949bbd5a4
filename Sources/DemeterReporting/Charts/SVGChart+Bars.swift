/// Bar charts and the column drawing they share with histograms.
extension SVGChart {
  static let plotLeft = 48.0
  static let plotTop = 24.0
  static let plotBottom = 212.0
  /// Longest x label, in characters (the bar's tooltip keeps the whole label).
  static let xLabelLimit = 12
  /// Height of a row of legend or note under the x labels, and where the rows start.
  static let belowPlotRowHeight = 18.0
  static let belowPlotLeft = 8.0

  /// One bar per point with gaps between them, a y axis from 0 to a 1-2-5 maximum covering the
  /// values and the goal's band, the goal as a dashed line in its band and bars over it (by their
  /// `goalStatus`) marked `bar-over-goal`, with a legend of the colours under the plot.
  static func renderBars(_ chart: ReportChart, in frame: ChartFrame) -> String {
    renderColumns(ShownPoints(chart, in: frame), frame: frame, gapFraction: 0.25, integralAxis: false)
  }

  /// Which of `count` points `slot` units apart get an x label: every k-th, counted back from the
  /// last (the newest is always labelled), k the fewest slots a label of `longest` characters needs.
  static func xLabelIndices(count: Int, slot: Double, longest: Int) -> [Int] {
    guard count > 0 else { return [] }
    let needed = Double(min(longest, xLabelLimit)) * characterWidth + 6
    let step = max(1, Int((needed / slot).rounded(.up)))
    return Array(stride(from: count - 1, through: 0, by: -step).reversed())
  }

  /// Draws `line` through the middles of the columns: one polyline per run of values, a lone value
  /// as a dot, and, unless `labelled` is false (a legend names it), its label at the top left of the
  /// plot.
  private static func drawLine(
    _ writer: inout SVGWriter, _ line: ChartLine, values: [Double?], slot: Double, labelled: Bool,
    y: (Double) -> Double
  ) {
    let f = { (value: Double) in SVGNumber.format(value) }
    var runs: [[(x: Double, y: Double)]] = [[]]
    for (index, value) in values.enumerated() {
      guard let value else {
        if !runs[runs.count - 1].isEmpty { runs.append([]) }
        continue
      }
      runs[runs.count - 1].append((SVGNumber.rounded(plotLeft + (Double(index) + 0.5) * slot), y(value)))
    }
    writer.open("g", [("class", "trend")], block: true)
    writer.element("title", text: line.label)
    for run in runs where !run.isEmpty {
      if run.count == 1 {
        writer.empty(
          "circle", [("class", "trend-dot"), ("cx", f(run[0].x)), ("cy", f(run[0].y)), ("r", "2.5")])
      } else {
        writer.empty(
          "polyline",
          [("class", "trend-line"), ("points", run.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " "))])
      }
    }
    writer.close("g")
    guard labelled else { return }
    writer.element(
      "text", [("class", "label trend-label"), ("x", f(plotLeft + 4)), ("y", f(plotTop - 8))],
      text: "— " + SVGText.truncated(line.label, to: 24))
  }

  /// The legend of a chart whose bars are named (`ReportChart.barLabel`), at the top left of the
  /// plot: a bar's swatch and `bars`, then a stretch of the line and its label, as text beside each
  /// mark (the marks are not told apart by colour alone).
  private static func drawLegend(_ writer: inout SVGWriter, bars: String, line: ChartLine?) {
    let f = { (value: Double) in SVGNumber.format(value) }
    let baseline = plotTop - 8
    var x = plotLeft + 4
    writer.open("g", [("class", "legend")], block: true)
    let barText = SVGText.truncated(bars, to: 24)
    writer.empty(
      "rect",
      [
        ("class", "legend-swatch bar"), ("x", f(x)), ("y", f(baseline - 9)), ("width", "10"),
        ("height", "10"),
      ])
    writer.element(
      "text", [("class", "label legend-label"), ("x", f(x + 16)), ("y", f(baseline))], text: barText)
    if let line {
      x = SVGNumber.rounded(x + 16 + Double(barText.count) * characterWidth + 16)
      writer.empty(
        "line",
        [
          ("class", "legend-swatch trend-line"), ("x1", f(x)), ("y1", f(baseline - 4)), ("x2", f(x + 12)),
          ("y2", f(baseline - 4)),
        ])
      writer.element(
        "text", [("class", "label legend-label trend-label"), ("x", f(x + 18)), ("y", f(baseline))],
        text: SVGText.truncated(line.label, to: 24))
    }
    writer.close("g")
  }

  /// The y position of `value` on `scale`.
  static func y(_ value: Double, on scale: NiceScale) -> Double {
    SVGNumber.rounded(plotBottom - min(value, scale.maximum) / scale.maximum * (plotBottom - plotTop))
  }

  /// Draws one column per point; `gapFraction` of each slot stays empty between columns.
  /// No data (no points, or every value and the goal 0) gives the "no data" SVG.
  /// Points `shown` left out are said in a note under the plot.
  static func renderColumns(
    _ shown: ShownPoints, frame: ChartFrame, gapFraction: Double, integralAxis: Bool
  ) -> String {
    let chart = shown.chart
    let values = chart.points.map { drawable($0.value) }
    let goal = chart.goal.map(drawable).flatMap { $0 > 0 ? $0 : nil }
    let band = goal.flatMap { goal in
      chart.goalTolerance.map { (low: goal * (1 - $0), high: goal * (1 + $0)) }
    }
    let lineValues = chart.line?.values.map { $0.map(drawable) } ?? []
    let largest = max(values.max() ?? 0, band?.high ?? goal ?? 0, lineValues.compactMap { $0 }.max() ?? 0)
    guard !values.isEmpty, largest > 0 else {
      return renderNoData(chart, frame: frame, height: columnsHeight)
    }
    let scale = NiceScale(covering: largest, integral: integralAxis)
    func y(_ value: Double) -> Double { Self.y(value, on: scale) }
    let f = { (value: Double) in SVGNumber.format(value) }
    let rows = (goal == nil ? [] : goalLegend(tolerance: chart.goalTolerance, frame: frame)) + shown.noteRows

    var writer = SVGWriter()
    openRoot(
      &writer, chart, frame: frame, height: columnsHeight + belowPlotHeight(rows: rows.count), empty: false)
    drawGrid(&writer, scale, frame: frame, unit: chart.unit, y: y)
    if let band {
      let top = y(band.high)
      writer.empty(
        "rect",
        [
          ("class", "goal-band"), ("x", f(plotLeft)), ("y", f(top)), ("width", f(frame.plotRight - plotLeft)),
          ("height", f(SVGNumber.rounded(y(band.low) - top))),
        ])
    }

    // The columns.
    let slot = (frame.plotRight - plotLeft) / Double(values.count)
    let gap = slot * gapFraction
    writer.open("g", [("class", "bars")], block: true)
    for (index, point) in chart.points.enumerated() {
      let value = values[index]
      let left = SVGNumber.rounded(plotLeft + Double(index) * slot + gap / 2)
      let right = SVGNumber.rounded(plotLeft + Double(index + 1) * slot - gap / 2)
      let top = y(value)
      var classes = "bar"
      if goal != nil, point.goalStatus == .over { classes += " bar-over-goal" }
      writer.open(
        "rect",
        [
          ("class", classes), ("x", f(left)), ("y", f(top)), ("width", f(right - left)),
          ("height", f(plotBottom - top)),
        ])
      writer.element("title", text: tooltip(point, unit: chart.unit))
      writer.close("rect")
    }
    writer.close("g")
    writer.empty(
      "line",
      [
        ("class", "axis"), ("x1", f(plotLeft)), ("y1", f(plotBottom)), ("x2", f(frame.plotRight)),
        ("y2", f(plotBottom)),
      ])

    if let line = chart.line {
      drawLine(&writer, line, values: lineValues, slot: slot, labelled: chart.barLabel == nil, y: y)
    }
    if let bars = chart.barLabel {
      drawLegend(&writer, bars: bars, line: chart.line)
    }

    if let goal {
      let goalY = y(goal)
      writer.empty(
        "line",
        [
          ("class", "goal-line"), ("x1", f(plotLeft)), ("y1", f(goalY)), ("x2", f(frame.plotRight)),
          ("y2", f(goalY)), ("stroke-dasharray", "6 4"),
        ])
      let unit = SVGText.truncated(chart.unit, to: 24)
      writer.element(
        "text",
        [
          ("class", "label goal-label"), ("x", f(frame.plotRight)), ("y", f(goalY - 4)),
          ("text-anchor", "end"),
        ],
        text: "goal " + SVGNumber.format(goal) + (unit.isEmpty ? "" : " " + unit))
    }

    drawXLabels(&writer, chart, frame: frame, slot: slot)
    drawBelowPlot(&writer, rows: rows)
    writer.close("svg")
    return writer.output
  }

  /// The legend of a goal's colours: its band (when `tolerance` is known) and the bars within or
  /// under it and over it, in rows that fit `frame`.
  static func goalLegend(tolerance: Double?, frame: ChartFrame) -> [[LegendItem]] {
    let percent = tolerance.map { SVGNumber.format($0 * 100) + " %" }
    var items = [
      LegendItem(swatch: "swatch-bar", text: "up to goal" + (percent.map { " +" + $0 } ?? "")),
      LegendItem(swatch: "swatch-over-goal", text: "over goal" + (percent.map { " +" + $0 } ?? "")),
    ]
    if let percent { items.append(LegendItem(swatch: "swatch-goal-band", text: "goal ±" + percent)) }
    var rows: [[LegendItem]] = [[]]
    var x = belowPlotLeft
    for item in items {
      let width = item.width
      if x + width > frame.width - belowPlotLeft, !rows[rows.count - 1].isEmpty {
        rows.append([])
        x = belowPlotLeft
      }
      rows[rows.count - 1].append(item)
      x += width
    }
    return rows
  }

  /// The extra height of `rows` rows under the plot.
  static func belowPlotHeight(rows: Int) -> Double {
    rows == 0 ? 0 : Double(rows) * belowPlotRowHeight + 4
  }

  /// Rows of legend items and notes under the x labels, each row from `belowPlotLeft`.
  static func drawBelowPlot(_ writer: inout SVGWriter, rows: [[LegendItem]]) {
    guard !rows.isEmpty else { return }
    let f = { (value: Double) in SVGNumber.format(value) }
    writer.open("g", [("class", "goal-legend")], block: true)
    for (row, items) in rows.enumerated() {
      let baseline = columnsHeight + Double(row + 1) * belowPlotRowHeight - 4
      var x = belowPlotLeft
      for item in items {
        if let swatch = item.swatch {
          writer.empty(
            "rect",
            [
              ("class", "legend-swatch " + swatch), ("x", f(x)), ("y", f(baseline - 9)), ("width", "10"),
              ("height", "10"),
            ])
          writer.element(
            "text", [("class", "label legend-label"), ("x", f(x + 14)), ("y", f(baseline))], text: item.text)
        } else {
          writer.element(
            "text", [("class", "label hidden-note"), ("x", f(x)), ("y", f(baseline))], text: item.text)
        }
        x = SVGNumber.rounded(x + item.width)
      }
    }
    writer.close("g")
  }

  /// Gridlines and the numbers of the y axis of `scale`, with `unit` above them.
  static func drawGrid(
    _ writer: inout SVGWriter, _ scale: NiceScale, frame: ChartFrame, unit: String, y: (Double) -> Double
  ) {
    let f = { (value: Double) in SVGNumber.format(value) }
    for index in 0...scale.intervals {
      let tick = scale.tick(index)
      let tickY = y(tick)
      if index > 0 {
        writer.empty(
          "line",
          [
            ("class", "grid"), ("x1", f(plotLeft)), ("y1", f(tickY)), ("x2", f(frame.plotRight)),
            ("y2", f(tickY)),
          ])
      }
      writer.element(
        "text",
        [
          ("class", "label tick-label"), ("x", f(plotLeft - 6)), ("y", f(tickY + 3.5)),
          ("text-anchor", "end"),
        ], text: SVGNumber.format(tick, maxDecimals: scale.decimals))
    }
    if !SVGText.clean(unit).isEmpty {
      writer.element(
        "text", [("class", "label unit-label"), ("x", "4"), ("y", "12")],
        text: SVGText.truncated(unit, to: 24))
    }
  }

  /// The labels under the columns of `chart`'s points, `slot` wide each.
  /// A label that would cross the frame's right edge ends at it.
  static func drawXLabels(_ writer: inout SVGWriter, _ chart: ReportChart, frame: ChartFrame, slot: Double) {
    let f = { (value: Double) in SVGNumber.format(value) }
    let labels = chart.points.map { SVGText.truncated($0.label, to: xLabelLimit) }
    let longest = labels.map(\.count).max() ?? 0
    for index in xLabelIndices(count: labels.count, slot: slot, longest: longest) {
      let middle = plotLeft + (Double(index) + 0.5) * slot
      let atEdge = middle + Double(labels[index].count) * characterWidth / 2 > frame.width - 2
      writer.element(
        "text",
        [
          ("class", "label x-label"), ("x", f(SVGNumber.rounded(atEdge ? frame.width - 2 : middle))),
          ("y", f(plotBottom + 16)), ("text-anchor", atEdge ? "end" : "middle"),
        ], text: labels[index])
    }
  }
}
