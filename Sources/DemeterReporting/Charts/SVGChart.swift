/// Draws a ``ReportChart`` as a small inline SVG for the HTML report (manual: reports): no script, no
/// external references, no fonts loaded, the same bytes for the same chart.
///
/// The root is `<svg xmlns=… viewBox=… role="img" aria-labelledby="ID-title ID-desc" class="…">`
/// whose first children are `<title id="ID-title">` (the chart's title) and `<desc id="ID-desc">`
/// (its summary); `ID` is the chart's id reduced to `[a-z0-9_-]` (with `-narrow` appended in the
/// narrow frame). The viewBox is 640 wide (340 in the narrow frame, `ChartFrame`; 240 high or more for
/// bars, histograms and distributions, 96 or more for shares) and the SVG scales to the width of its box.
///
/// Colours come from CSS so the page can theme light mode, dark mode and print. A `<style>` inside
/// the SVG gives fallbacks through custom properties (`--chart-bar`, `--chart-bar-over-goal`,
/// `--chart-goal`, `--chart-trend`, `--chart-bin-edge`, `--chart-on-bar` (black by default: it
/// reads at 4.5:1 or better on every share colour), `--chart-protein`, `--chart-carbohydrates`,
/// `--chart-fat`, `--chart-share-0` … `--chart-share-5`); text, axes and gridlines use `currentColor`.
///
/// CSS classes:
/// - root: `chart`, `chart-bars` / `chart-shares` / `chart-histogram` / `chart-distribution`, and
///   `chart-empty` when there is nothing to draw (the SVG then holds one `text.no-data` reading "no data");
/// - axes: `axis` (the baseline), `grid` (horizontal gridlines), `tick-label` (numbers of the y axis),
///   `unit-label` (the unit above them), `x-label` (labels under the bars);
/// - bars and histograms: `bar` (one `rect` per point, with a `<title>` "label: display"),
///   `bar-over-goal` (added to bars whose `goalStatus` is over), `goal-line` (dashed line), `goal-label`
///   ("goal N unit"), `goal-band` (the goal's tolerance band) and, under the plot, a `goal-legend` of
///   `legend-swatch`es (`swatch-bar`, `swatch-over-goal`, `swatch-goal-band`) and `legend-label`s
///   naming both bar colours and the band, `trend` (a group of `trend-line` polylines and `trend-dot` circles, the
///   chart's line, e.g. the moving average) and `trend-label`; a chart that names its bars
///   (`ReportChart.barLabel`) has a `legend` of a `legend-swatch bar`, a `legend-swatch trend-line` and
///   their `legend-label`s instead of the lone `trend-label`; `hidden-note` under the plot when the
///   narrow frame leaves points out (`ShownPoints`: "last 14 of 56 shown", or "Mon 1 to Sun 14
///   shown, 14 of 31" when empty points after the newest data are left out too);
/// - shares: `segment` (one `rect` per non-zero part, with a `<title>`), `share-0` … (by position,
///   cycling through 6 colours) and `share-NAME` (by label, e.g. `share-protein`), `segment-label`
///   (text on a segment), `legend`, `legend-swatch`, `legend-label`;
/// - distributions: `spread` (one group per point), `spread-box` (a `rect` with a `<title>`, from the
///   spread's low to its high value), `spread-median` (a line at the point's value) and `spread-dot`
///   (a `circle` per value);
/// - `label` on every text drawn on the background (ticks, x labels, unit, goal, legend).
public enum SVGChart {
  /// The SVG markup of `chart` in the page's frame, one `<svg>` element ending in a line break.
  public static func render(_ chart: ReportChart) -> String {
    render(chart, in: .wide)
  }

  /// The SVG markup of `chart` drawn in `frame`.
  static func render(_ chart: ReportChart, in frame: ChartFrame) -> String {
    switch chart.kind {
    case .bars: return renderBars(chart, in: frame)
    case .shares: return renderShares(chart, in: frame)
    case .histogram: return renderHistogram(chart, in: frame)
    case .distribution: return renderDistribution(chart, in: frame)
    }
  }

  /// Height of bar and histogram charts.
  static let columnsHeight = 240.0
  /// Height of a shares chart without legend rows beyond the first.
  static let sharesHeight = 96.0
  /// Approximate advance of one character of 11 px sans-serif text, for fitting labels.
  static let characterWidth = 6.6

  /// The fallback style sheet; every rule is scoped to `.chart`.
  static let styleSheet = [
    ".chart{width:100%;height:auto;font-family:system-ui,sans-serif;font-size:11px}",
    ".chart .label{fill:currentColor}",
    ".chart .tick-label,.chart .unit-label,.chart .goal-label,.chart .trend-label{font-size:11px}",
    ".chart .axis{stroke:currentColor;stroke-width:1}",
    ".chart .grid{stroke:currentColor;stroke-opacity:.15;stroke-width:1}",
    ".chart .bar,.chart .swatch-bar{fill:var(--chart-bar,#4a7bd0)}",
    ".chart .bar-over-goal,.chart .swatch-over-goal{fill:var(--chart-bar-over-goal,#d0664a)}",
    ".chart .goal-band,.chart .swatch-goal-band{fill:var(--chart-goal,currentColor);fill-opacity:.15}",
    ".chart .swatch-goal-band{stroke:var(--chart-goal,currentColor);stroke-dasharray:3 2}",
    ".chart-histogram .bar{stroke:var(--chart-bin-edge,#fff);stroke-width:1}",
    ".chart .goal-line{fill:none;stroke:var(--chart-goal,currentColor);stroke-width:1.5;stroke-dasharray:6 "
      + "4}",
    ".chart .segment-label{fill:var(--chart-on-bar,#000)}",
    ".chart .trend-line{fill:none;stroke:var(--chart-trend,currentColor);stroke-width:2}",
    ".chart .trend-dot{fill:var(--chart-trend,currentColor)}",
    ".chart .no-data{fill:currentColor;font-size:14px}",
    ".chart .share-0{fill:var(--chart-share-0,#4a7bd0)}",
    ".chart .share-1{fill:var(--chart-share-1,#d9a23a)}",
    ".chart .share-2{fill:var(--chart-share-2,#c4584a)}",
    ".chart .share-3{fill:var(--chart-share-3,#3f9d6b)}",
    ".chart .share-4{fill:var(--chart-share-4,#8a63c7)}",
    ".chart .share-5{fill:var(--chart-share-5,#7a7a7a)}",
    ".chart .share-protein{fill:var(--chart-protein,#3f9d6b)}",
    ".chart .share-carbohydrates{fill:var(--chart-carbohydrates,#d9a23a)}",
    ".chart .share-fat{fill:var(--chart-fat,#c4584a)}",
  ].joined(separator: "\n")

  /// The chart id as used in element ids and classes.
  static func identifier(of chart: ReportChart) -> String {
    SVGText.identifier(chart.id, fallback: "chart")
  }

  /// Opens the root element and writes title, description and style sheet; close with `</svg>`.
  static func openRoot(
    _ writer: inout SVGWriter, _ chart: ReportChart, frame: ChartFrame, height: Double, empty: Bool
  ) {
    let id = identifier(of: chart) + frame.idSuffix
    var classes = "chart chart-" + chart.kind.rawValue
    if empty { classes += " chart-empty" }
    writer.open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"),
        ("viewBox", "0 0 " + SVGNumber.format(frame.width) + " " + SVGNumber.format(height)),
        ("role", "img"),
        ("aria-labelledby", id + "-title " + id + "-desc"),
        ("class", classes),
      ], block: true)
    writer.element("title", [("id", id + "-title")], text: chart.title)
    writer.element("desc", [("id", id + "-desc")], text: chart.summary)
    writer.open("style")
    writer.trusted(styleSheet)
    writer.close("style")
  }

  /// An SVG with title and description and the words "no data" in the middle.
  static func renderNoData(_ chart: ReportChart, frame: ChartFrame, height: Double) -> String {
    var writer = SVGWriter()
    openRoot(&writer, chart, frame: frame, height: height, empty: true)
    writer.element(
      "text",
      [
        ("class", "no-data"), ("x", SVGNumber.format(frame.width / 2)),
        ("y", SVGNumber.format(height / 2 + 5)), ("text-anchor", "middle"),
      ], text: "no data")
    writer.close("svg")
    return writer.output
  }

  /// A value fit for drawing: finite and not negative (anything else counts as 0).
  static func drawable(_ value: Double) -> Double {
    value.isFinite && value > 0 ? min(value, 1e15) : 0
  }

  /// `"label: display"`, the tooltip of a bar or segment; the formatted value and unit when the
  /// point has no display text.
  static func tooltip(_ point: ChartPoint, unit: String) -> String {
    var display = point.display
    if display.isEmpty {
      display = SVGNumber.format(point.value) + (unit.isEmpty ? "" : " " + unit)
    }
    return point.label.isEmpty ? display : point.label + ": " + display
  }
}

/// The y axis of bars and histograms: from 0 to `maximum` in `intervals` steps of `step`, where the
/// step is 1, 2 or 5 times a power of ten.
struct NiceScale: Equatable {
  var maximum: Double
  var step: Double
  var intervals: Int

  /// The smallest 1-2-5 step that covers `value` in at most 5 intervals; that leaves 3 to 5 of them
  /// (fewer only when `integral` asks for a step of at least 1 and `value` is below 3).
  init(covering value: Double, integral: Bool = false) {
    let covered = value.isFinite && value > 0 ? min(max(value, 1e-6), 1e15) : 1
    var exponent = Self.floorLog10(covered) - 1
    if integral { exponent = max(exponent, 0) }
    for power in exponent...(exponent + 3) {
      for multiplier in [1.0, 2.0, 5.0] {
        let step = Self.step(multiplier, power)
        let count = (covered / step * (1 - 1e-12)).rounded(.up)
        if count <= 5 {
          let intervals = max(Int(count), 1)
          self.init(maximum: Double(intervals) * step, step: step, intervals: intervals)
          return
        }
      }
    }
    self.init(maximum: covered, step: covered, intervals: 1)
  }

  init(maximum: Double, step: Double, intervals: Int) {
    self.maximum = maximum
    self.step = step
    self.intervals = intervals
  }

  /// The value of tick `index` (0 is the baseline).
  func tick(_ index: Int) -> Double {
    let value = Double(index) * step
    // Reduce the binary error of e.g. 3 × 0.1.
    return step < 1 ? (value / step).rounded() * step : value
  }

  /// Decimals needed to tell the ticks apart (0 for steps of 1 or more).
  var decimals: Int {
    step >= 1 ? 0 : min(6, -Self.floorLog10(step))
  }

  private static func step(_ multiplier: Double, _ power: Int) -> Double {
    var scale = 1.0
    for _ in 0..<abs(power) { scale *= 10 }
    return power >= 0 ? multiplier * scale : multiplier / scale
  }

  /// ⌊log10(value)⌋ for positive finite values, counted by powers of ten so it is exact.
  private static func floorLog10(_ value: Double) -> Int {
    var exponent = 0
    var scale = 1.0
    if value >= 1 {
      while scale * 10 <= value {
        scale *= 10
        exponent += 1
      }
    } else {
      while value < scale {
        scale /= 10
        exponent -= 1
      }
    }
    return exponent
  }
}
