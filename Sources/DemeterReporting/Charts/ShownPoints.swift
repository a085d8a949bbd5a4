/// The run of a series' points a frame draws (manual: output): all of them, or, past the frame's
/// `pointLimit`, that many ending at the newest point with data, so a period that runs past today
/// (a month on its 6th) shows its logged days instead of its empty last ones.
struct ShownPoints {
  /// The chart cut to the shown points, its line with them.
  var chart: ReportChart
  /// Points left out before the shown ones.
  var earlier: Int
  /// Points without data left out after the shown ones.
  var later: Int

  /// Every point of `chart`.
  init(all chart: ReportChart) {
    self.chart = chart
    earlier = 0
    later = 0
  }

  /// The points of `whole` that `frame` shows.
  init(_ whole: ReportChart, in frame: ChartFrame) {
    let count = whole.points.count
    let limit = min(frame.pointLimit ?? count, count)
    let newest = whole.points.lastIndex(where: Self.hasData) ?? count - 1
    let end = max(newest + 1, limit)
    chart = whole
    chart.points = Array(whole.points[(end - limit)..<end])
    chart.line?.values = Array(whole.line?.values[(end - limit)..<end] ?? [])
    earlier = end - limit
    later = count - end
  }

  /// Whether a point has something to draw: a bar, or a spread of values.
  static func hasData(_ point: ChartPoint) -> Bool {
    SVGChart.drawable(point.value) > 0 || point.spread.map { !$0.values.isEmpty } == true
  }

  /// The note rows under the plot that say what was left out: none when nothing was; "last 14 of
  /// 56 shown" when only earlier points were, else the first and last shown labels ("Mon 1 to Sun 14
  /// shown, 14 of 31").
  var noteRows: [[LegendItem]] {
    let shown = chart.points.count
    let total = shown + earlier + later
    if later == 0 {
      guard earlier > 0 else { return [] }
      return [[LegendItem(note: "last \(shown) of \(total) shown; a wider screen shows all")]]
    }
    let labels = [chart.points.first, chart.points.last].map {
      SVGText.truncated($0?.label ?? "", to: SVGChart.xLabelLimit)
    }
    return [
      [LegendItem(note: "\(labels[0]) to \(labels[1]) shown, \(shown) of \(total);")],
      [LegendItem(note: "a wider screen shows all")],
    ]
  }
}
