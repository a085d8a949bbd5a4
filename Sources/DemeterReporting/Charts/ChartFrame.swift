/// The width a chart is drawn at (manual: output): the page's 640 units, or a phone's 340, where a
/// long series keeps its most recent points and the shares' legend takes one column, so text stays
/// near its 11 px on a 390 px screen instead of shrinking or scrolling.
struct ChartFrame: Sendable {
  /// The viewBox width.
  var width: Double
  /// Bars, histograms, distributions and the shares' bar end here.
  var plotRight: Double
  /// Legend columns of a shares chart.
  var legendColumns: Int
  /// The most points a series (bars, distributions) shows: the last ones; nil for all.
  var pointLimit: Int?
  /// Appended to the chart's element ids, which must stay unique on a page that holds both frames.
  var idSuffix: String

  static let wide = ChartFrame(width: 640, plotRight: 624, legendColumns: 3, pointLimit: nil, idSuffix: "")
  static let narrow = ChartFrame(
    width: 340, plotRight: 324, legendColumns: 1, pointLimit: 14, idSuffix: "-narrow")
}
