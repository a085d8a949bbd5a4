import Testing

@testable import DemeterReporting

/// `SVGChart.render` of distributions: a box from low to high, a median line and a dot per value,
/// for each point that has a spread.
@Suite struct SVGChartDistributionTests {
  static let chart = ReportChart(
    id: "calories-distribution", kind: .distribution, title: "Daily calories across the cohort",
    summary: "A dot per person.", unit: "kcal/day",
    points: [
      ChartPoint(
        label: "2026-W47", value: 2000, display: "median 2000",
        spread: ChartSpread(low: 1500, high: 3000, values: [1500, 2000, 3000])),
      ChartPoint(label: "2026-W48", value: 0, display: "nobody logged"),
      ChartPoint(
        label: "2026-W49", value: 1800, display: "median 1800",
        spread: ChartSpread(low: 1800, high: 1800, values: [1800])),
    ])

  @Test func boxMedianAndDotsForEachPointWithASpread() throws {
    let svg = try #require(ChartXMLTreeBuilder.parse(SVGChart.render(Self.chart)))
    #expect(svg.hasClass("chart-distribution"))
    let boxes = svg.elements(withClass: "spread-box")
    #expect(boxes.map { $0.children.first?.text } == ["2026-W47: median 2000", "2026-W49: median 1800"])
    #expect(svg.elements(withClass: "spread-median").count == 2)
    #expect(svg.elements(withClass: "spread-dot").count == 4)
    #expect(svg.elements(withClass: "x-label").map(\.text) == ["2026-W47", "2026-W48", "2026-W49"])
    // The box spans low to high: 1500 to 3000 kcal on an axis to 3000 (top of the plot).
    let first = try #require(boxes.first)
    #expect(first.number("y") == SVGChart.plotTop)
    #expect(boxes.last?.number("height") == 0)
  }

  @Test func nobodyAnywhereIsNoData() {
    let empty = ReportChart(
      id: "empty", kind: .distribution, title: "t", summary: "s", unit: "kcal/day",
      points: [ChartPoint(label: "2026-W48", value: 0, display: "nobody logged")])
    #expect(SVGChart.render(empty).contains("chart-empty"))
  }
}
