import Testing

@testable import DemeterReporting

/// Shares charts: one stacked bar split in proportion to the values, with a legend.
@Suite struct SVGChartSharesTests {
  private let barWidth = ChartFrame.wide.plotRight - SVGChart.shareLeft

  private func parse(_ chart: ReportChart) throws -> ChartXMLNode {
    try #require(ChartXMLTreeBuilder.parse(SVGChart.render(chart)))
  }

  @Test(arguments: [
    [0.31, 0.45, 0.24], [0.333, 0.333, 0.334], [0.001, 0.998, 0.001], [1.0, 0, 0], [0.2, 0.3, 0.1],
  ])
  func segmentWidthsAreProportionalAndFillTheBar(values: [Double]) throws {
    let chart = ChartFixtures.macros(protein: values[0], carbohydrates: values[1], fat: values[2])
    let segments = try parse(chart).elements(withClass: "segment")
    #expect(segments.count == values.filter { $0 > 0 }.count)
    let widths = segments.compactMap { $0.number("width") }
    #expect(widths.count == segments.count)
    #expect(abs(widths.reduce(0, +) - barWidth) < 0.05)
    let total = values.reduce(0, +)
    for (width, value) in zip(widths, values.filter { $0 > 0 }) {
      #expect(abs(width - barWidth * value / total) < 0.02)
    }
    // Segments follow each other without gaps or overlaps.
    var x = SVGChart.shareLeft
    for segment in segments {
      let start = try #require(segment.number("x"))
      #expect(abs(start - x) < 0.015)
      x = start + (segment.number("width") ?? 0)
    }
  }

  @Test func segmentsAndLegendCarryShareClasses() throws {
    let svg = try parse(ChartFixtures.macros(protein: 0.31, carbohydrates: 0.45, fat: 0.24))
    #expect(svg.elements(withClass: "share-protein").count == 2)
    #expect(svg.elements(withClass: "share-carbohydrates").count == 2)
    #expect(svg.elements(withClass: "share-fat").count == 2)
    #expect(svg.elements(withClass: "share-0").allSatisfy { $0.hasClass("share-protein") })
    #expect(
      svg.elements(withClass: "legend-label").map(\.text) == [
        "protein 31 %", "carbohydrates 45 %", "fat 24 %",
      ])
    #expect(
      svg.elements(withClass: "segment").map { $0.children.first?.text } == [
        "protein: 31 %", "carbohydrates: 45 %", "fat: 24 %",
      ])
  }

  @Test func wideSegmentsAreLabelledNarrowOnesAreNot() throws {
    let svg = try parse(ChartFixtures.macros(protein: 0.02, carbohydrates: 0.6, fat: 0.38))
    #expect(svg.elements(withClass: "segment-label").map(\.text) == ["carbohydrates 60 %", "fat 38 %"])
  }

  @Test func zeroPartsStayInTheLegend() throws {
    let svg = try parse(ChartFixtures.macros(protein: 0.4, carbohydrates: 0, fat: 0.6))
    #expect(svg.elements(withClass: "segment").count == 2)
    #expect(svg.elements(withClass: "legend-swatch").count == 3)
  }

  @Test func allZeroSharesSayNoData() throws {
    let svg = try parse(ChartFixtures.macros(protein: 0, carbohydrates: 0, fat: 0))
    #expect(svg.hasClass("chart-empty"))
    #expect(svg.elements(withClass: "no-data").map(\.text) == ["no data"])
    #expect(svg.elements(withClass: "segment").isEmpty)
  }

  @Test func legendWrapsIntoRowsAndTheViewBoxGrows() throws {
    let points = (0..<7).map { ChartPoint(label: "part \($0)", value: 1, display: "14 %") }
    let chart = ReportChart(
      id: "parts", kind: .shares, title: "Parts", summary: "Seven parts.", unit: "", points: points)
    let svg = try parse(chart)
    #expect(svg.attributes["viewBox"] == "0 0 640 136")
    let rows = Set(svg.elements(withClass: "legend-label").compactMap { $0.number("y") })
    #expect(rows.count == 3)
    #expect(svg.elements(withClass: "share-0").count == 4)  // parts 0 and 6, segment and swatch each
  }
}
