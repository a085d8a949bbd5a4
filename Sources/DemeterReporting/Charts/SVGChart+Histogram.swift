/// Histograms: counts per bin.
extension SVGChart {
  /// Columns without gaps, one per bin, labelled with the points' labels (e.g. `0.0–0.1`); the y axis
  /// counts in whole steps. A goal, if given, is drawn as for bars.
  static func renderHistogram(_ chart: ReportChart, in frame: ChartFrame) -> String {
    renderColumns(ShownPoints(all: chart), frame: frame, gapFraction: 0, integralAxis: true)
  }
}
