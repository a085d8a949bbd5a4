import Foundation
import Testing

@testable import DemeterReporting

/// `SVGChart.render`: well-formed, accessible SVG for every kind of chart (manual: output).
@Suite struct SVGChartTests {
  private func parse(_ chart: ReportChart) throws -> ChartXMLNode {
    try #require(ChartXMLTreeBuilder.parse(SVGChart.render(chart)), "not well-formed: \(chart.id)")
  }

  @Test(arguments: [ChartFrame.wide, .narrow])
  func everyChartIsWellFormedAndAccessible(frame: ChartFrame) throws {
    for chart in ChartFixtures.all {
      let svg = try #require(ChartXMLTreeBuilder.parse(SVGChart.render(chart, in: frame)), "\(chart.id)")
      #expect(svg.name == "svg")
      #expect(svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
      #expect(svg.attributes["role"] == "img")
      #expect(svg.hasClass("chart") && svg.hasClass("chart-" + chart.kind.rawValue))
      let viewBox = try #require(svg.attributes["viewBox"]).split(separator: " ")
      #expect(viewBox.count == 4 && viewBox[2] == SVGNumber.format(frame.width))
      let title = try #require(svg.children.first)
      let desc = try #require(svg.children.dropFirst().first)
      #expect(title.name == "title" && title.text == SVGText.clean(chart.title))
      #expect(desc.name == "desc" && desc.text == SVGText.clean(chart.summary))
      let titleID = try #require(title.attributes["id"])
      let descID = try #require(desc.attributes["id"])
      #expect(svg.attributes["aria-labelledby"] == titleID + " " + descID)
      #expect(titleID.hasSuffix(frame.idSuffix + "-title"))
      #expect(svg.allElements.filter { $0.attributes["id"] != nil }.count == 2)
    }
  }

  /// A chart that names its bars (the plan's eaten against planned) has a legend of both marks, each
  /// with its text; a chart that does not keeps the line's lone label.
  @Test func namedBarsGetALegendBesideTheLine() throws {
    var chart = ChartFixtures.days([1800, 2180, 1950])
    chart.line = ChartLine(label: "planned", values: [2000, 2000, nil])
    let unnamed = try parse(chart)
    #expect(unnamed.elements(withClass: "legend").isEmpty)
    #expect(unnamed.elements(withClass: "trend-label").map(\.text) == ["— planned"])
    chart.barLabel = "eaten"
    let svg = try parse(chart)
    let legend = try #require(svg.elements(withClass: "legend").first)
    #expect(legend.elements(withClass: "legend-swatch").map(\.name) == ["rect", "line"])
    #expect(legend.elements(withClass: "legend-swatch")[0].hasClass("bar"))
    #expect(legend.elements(withClass: "legend-label").map(\.text) == ["eaten", "planned"])
    #expect(svg.elements(withClass: "trend-label").count == 1)
    // The bars drawn are still one per point, besides the swatch.
    let bars = svg.elements(withClass: "bar").filter { !$0.hasClass("legend-swatch") }
    #expect(bars.count == 3)
  }

  @Test func numbersInAttributesAreLocaleFreeWithAtMostTwoDecimals() throws {
    let numeric = ["x", "y", "width", "height", "x1", "y1", "x2", "y2"]
    for chart in ChartFixtures.all {
      for element in try parse(chart).allElements {
        for name in numeric {
          guard let value = element.attributes[name] else { continue }
          #expect(value.wholeMatch(of: /-?[0-9]+(\.[0-9]{1,2})?/) != nil, "\(name)=\(value)")
          #expect(value != "-0")
        }
      }
    }
  }

  @Test func noScriptsOrExternalReferences() {
    for chart in ChartFixtures.all {
      let svg = SVGChart.render(chart)
      #expect(!svg.lowercased().contains("<script"))
      #expect(!svg.contains("href"))
      #expect(!svg.contains("url("))
      #expect(!svg.contains("@import") && !svg.contains("@font-face"))
    }
  }

  @Test(arguments: [1, 7, 14, 30, 61, 365])
  func oneBarPerPoint(count: Int) throws {
    let chart = ChartFixtures.days((0..<count).map { Double(1000 + $0 % 7 * 200) }, goal: 2000)
    let svg = try parse(chart)
    let bars = svg.elements(withClass: "bar")
    #expect(bars.count == count)
    #expect(bars.allSatisfy { $0.name == "rect" })
    let tooltips = bars.map { $0.children.first(where: { $0.name == "title" })?.text }
    #expect(tooltips == chart.points.map { $0.label + ": " + $0.display })
  }

  /// "Over" is the summary's: more than 10 % above the goal (2180 is within), by the points' status.
  @Test func barsOverTheGoalsBandAreMarked() throws {
    let chart = ChartFixtures.days([1800, 2180, 2200, 2400, 0], goal: 2000)
    let over = try parse(chart).elements(withClass: "bar-over-goal")
    #expect(over.map { $0.children.first?.text } == ["Day 4: 2400 kcal"])
    #expect(over.allSatisfy { $0.hasClass("bar") })
  }

  /// A goal comes with its ±10 % band around the goal line and a legend naming both bar colours and
  /// the band; the axis covers the band.
  @Test func aGoalHasItsBandAndALegend() throws {
    let svg = try parse(ChartFixtures.days([1000, 1500], goal: 2000))
    let band = try #require(svg.elements(withClass: "goal-band").first)
    let top = try #require(band.number("y"))
    let bottom = try top + #require(band.number("height"))
    // The axis reaches 2500: 2200 and 1800 sit at 88 % and 72 % of the plot's height.
    let height = SVGChart.plotBottom - SVGChart.plotTop
    #expect(abs(top - (SVGChart.plotBottom - 0.88 * height)) < 0.01)
    #expect(abs(bottom - (SVGChart.plotBottom - 0.72 * height)) < 0.01)
    let legend = try #require(svg.elements(withClass: "goal-legend").first)
    #expect(
      legend.elements(withClass: "legend-label").map(\.text) == [
        "up to goal +10 %", "over goal +10 %", "goal ±10 %",
      ])
    #expect(
      legend.elements(withClass: "legend-swatch").compactMap { $0.attributes["class"] } == [
        "legend-swatch swatch-bar", "legend-swatch swatch-over-goal", "legend-swatch swatch-goal-band",
      ])
    #expect(try parse(ChartFixtures.days([1000, 1500])).elements(withClass: "goal-legend").isEmpty)
  }

  /// On a phone a long series keeps its newest points, says how many it shows, and its legend
  /// wraps inside the narrow frame.
  @Test func theNarrowFrameShowsTheNewestPointsAndSaysWhatItLeavesOut() throws {
    let chart = ChartFixtures.days((0..<56).map { Double(1500 + $0 % 7 * 100) }, goal: 2000)
    let svg = try #require(ChartXMLTreeBuilder.parse(SVGChart.render(chart, in: .narrow)))
    let bars = svg.elements(withClass: "bar")
    #expect(bars.count == 14)
    #expect(bars.last?.children.first?.text == "Day 56: 2100 kcal")
    #expect(svg.elements(withClass: "x-label").last?.text == "Day 56")
    #expect(
      svg.elements(withClass: "hidden-note").map(\.text) == ["last 14 of 56 shown; a wider screen shows all"])
    let texts = svg.allElements.filter { $0.name == "text" }
    for text in texts {
      let x = try #require(text.number("x"))
      let width = Double(text.text.count) * SVGChart.characterWidth
      let (left, right) =
        switch text.attributes["text-anchor"] {
        case "end": (x - width, x)
        case "middle": (x - width / 2, x + width / 2)
        default: (x, x + width)
        }
      #expect(left >= 0 && right <= ChartFrame.narrow.width, "\(text.text) at \(x)")
    }
    let wide = try parse(chart)
    #expect(wide.elements(withClass: "bar").count == 56)
    #expect(wide.elements(withClass: "hidden-note").isEmpty)
  }

  /// A period that runs past its data (a month on its 20th, its last days still empty) keeps its
  /// newest logged point on a phone and names the points it shows; one whose data is all early
  /// shows its first points.
  @Test(arguments: [(logged: 20, first: 7), (logged: 3, first: 1)])
  func theNarrowFrameEndsAtTheNewestData(logged: Int, first: Int) throws {
    let chart = ChartFixtures.days((0..<31).map { $0 < logged ? 1800 : 0 })
    let svg = try #require(ChartXMLTreeBuilder.parse(SVGChart.render(chart, in: .narrow)))
    let bars = svg.elements(withClass: "bar")
    #expect(bars.count == 14)
    #expect(bars.first?.children.first?.text == "Day \(first): 1800 kcal")
    #expect(bars.contains { $0.children.first?.text == "Day \(logged): 1800 kcal" })
    #expect(
      svg.elements(withClass: "hidden-note").map(\.text)
        == ["Day \(first) to Day \(first + 13) shown, 14 of 31;", "a wider screen shows all"])
    #expect(svg.elements(withClass: "no-data").isEmpty)
  }

  /// A cohort's weeks after the newest one anybody logged are left out like empty days.
  @Test func theNarrowFrameEndsAtTheNewestSpread() throws {
    let points = (1...20).map { week in
      ChartPoint(
        label: "W\(week)", value: week <= 16 ? 2000 : 0, display: "",
        spread: week <= 16 ? ChartSpread(low: 1800, high: 2200, values: [1800, 2200]) : nil)
    }
    let chart = ReportChart(
      id: "cohort", kind: .distribution, title: "Cohort", summary: "People per week.", unit: "kcal/day",
      points: points)
    let svg = try #require(ChartXMLTreeBuilder.parse(SVGChart.render(chart, in: .narrow)))
    #expect(svg.elements(withClass: "spread").count == 14)
    #expect(svg.elements(withClass: "hidden-note").first?.text == "W3 to W16 shown, 14 of 20;")
  }

  @Test func goalLineIsDrawnOnlyWithAGoal() throws {
    let withGoal = try parse(ChartFixtures.days([1800, 2180], goal: 2000))
    #expect(withGoal.elements(withClass: "goal-line").count == 1)
    #expect(withGoal.elements(withClass: "goal-label").map(\.text) == ["goal 2000 kcal"])
    let line = try #require(withGoal.elements(withClass: "goal-line").first)
    #expect(line.attributes["y1"] == line.attributes["y2"])

    let withoutGoal = try parse(ChartFixtures.days([1800, 2180]))
    #expect(withoutGoal.elements(withClass: "goal-line").isEmpty)
    #expect(withoutGoal.elements(withClass: "goal-label").isEmpty)
    #expect(withoutGoal.elements(withClass: "bar-over-goal").isEmpty)

    let zeroGoal = try parse(ChartFixtures.days([1800, 2180], goal: 0))
    #expect(zeroGoal.elements(withClass: "goal-line").isEmpty)
  }

  @Test func axisReachesANiceMaximumCoveringValuesAndGoal() throws {
    let belowGoal = try parse(ChartFixtures.days([1200, 1500], goal: 2000))
    // The axis covers the goal's band, up to 2200.
    #expect(
      belowGoal.elements(withClass: "tick-label").map(\.text) == ["0", "500", "1000", "1500", "2000", "2500"])
    let aboveGoal = try parse(ChartFixtures.days([1800, 2180], goal: 2000))
    #expect(
      aboveGoal.elements(withClass: "tick-label").map(\.text) == ["0", "500", "1000", "1500", "2000", "2500"])
    #expect(aboveGoal.elements(withClass: "grid").count == 5)
    let small = try parse(ChartFixtures.days([0.3, 0.7]))
    #expect(small.elements(withClass: "tick-label").map(\.text) == ["0", "0.2", "0.4", "0.6", "0.8"])
    #expect(aboveGoal.elements(withClass: "unit-label").map(\.text) == ["kcal"])
  }

  @Test func tallestBarAndGoalSitInsideThePlot() throws {
    let svg = try parse(ChartFixtures.days([1000, 2500], goal: 2000))
    let bars = svg.elements(withClass: "bar")
    let tallest = try #require(bars.last)
    // 2500 is the axis maximum: the bar reaches the top of the plot.
    #expect(tallest.number("y") == SVGChart.plotTop)
    #expect(tallest.number("height") == SVGChart.plotBottom - SVGChart.plotTop)
    let goal = try #require(svg.elements(withClass: "goal-line").first?.number("y1"))
    #expect(abs(goal - (SVGChart.plotBottom - 0.8 * (SVGChart.plotBottom - SVGChart.plotTop))) < 0.01)
  }

  /// Labels never overlap and the newest point always has one; a short series labels every point.
  @Test(arguments: [1, 7, 14, 15, 30, 60, 61, 365])
  func xLabelsAreThinnedOutFromTheNewest(count: Int) throws {
    let chart = ChartFixtures.days((0..<count).map { Double($0 + 1) })
    for frame in [ChartFrame.wide, .narrow] {
      let svg = try #require(ChartXMLTreeBuilder.parse(SVGChart.render(chart, in: frame)))
      let xLabels = svg.elements(withClass: "x-label")
      let shown = min(count, frame.pointLimit ?? count)
      #expect(xLabels.last?.text == "Day \(count)")
      if count <= 7 && frame.pointLimit == nil { #expect(xLabels.count == count) }
      let positions = xLabels.compactMap { $0.number("x") }
      let widest = Double(xLabels.map(\.text.count).max() ?? 0) * SVGChart.characterWidth
      for (left, right) in zip(positions, positions.dropFirst()) {
        #expect(right - left >= widest, "\(frame.width): \(positions)")
      }
      #expect(xLabels.count >= 1 && xLabels.count <= shown)
    }
  }

  @Test func longLabelsAreShortenedUnderTheBarButWholeInTheTooltip() throws {
    let label = "A very long label for one single day"
    let chart = ReportChart(
      id: "long", kind: .bars, title: "Long", summary: "Long labels.", unit: "kcal",
      points: [ChartPoint(label: label, value: 5, display: "5 kcal")])
    let svg = try parse(chart)
    let xLabel = try #require(svg.elements(withClass: "x-label").first)
    #expect(xLabel.text.count == SVGChart.xLabelLimit && xLabel.text.hasSuffix("…"))
    #expect(svg.elements(withClass: "bar").first?.children.first?.text == label + ": 5 kcal")
  }

  @Test func zeroValuesDrawNothingVisible() throws {
    let svg = try parse(ChartFixtures.days([1800, 0, 2100], goal: 2000))
    let heights = svg.elements(withClass: "bar").map { $0.number("height") }
    #expect(heights[1] == 0)
    #expect(heights[0].map { $0 > 0 } == true && heights[2].map { $0 > 0 } == true)
  }

  @Test func invalidValuesCountAsZero() throws {
    let svg = try parse(ChartFixtures.days([.nan, -5, .infinity, 10]))
    #expect(svg.elements(withClass: "bar").map { $0.number("height") ?? -1 }.prefix(3) == [0, 0, 0])
  }

  @Test(arguments: ReportChart.Kind.allCases)
  func emptyChartsSayNoData(kind: ReportChart.Kind) throws {
    let chart = ReportChart(
      id: "empty", kind: kind, title: "Empty", summary: "Nothing.", unit: "", points: [])
    let svg = try parse(chart)
    #expect(svg.hasClass("chart-empty"))
    #expect(svg.elements(withClass: "no-data").map(\.text) == ["no data"])
    #expect(svg.elements(withClass: "bar").isEmpty && svg.elements(withClass: "segment").isEmpty)
  }

  @Test func allZeroDataSaysNoDataUnlessThereIsAGoal() throws {
    for chart in [ChartFixtures.days([0, 0, 0]), ChartFixtures.confidence(Array(repeating: 0, count: 10))] {
      let svg = try parse(chart)
      #expect(svg.elements(withClass: "no-data").count == 1)
      #expect(svg.elements(withClass: "bar").isEmpty)
    }
    let withGoal = try parse(ChartFixtures.days([0, 0], goal: 2000))
    #expect(withGoal.elements(withClass: "no-data").isEmpty)
    #expect(withGoal.elements(withClass: "bar").map { $0.number("height") } == [0, 0])
    #expect(withGoal.elements(withClass: "goal-line").count == 1)
  }

  @Test func histogramBinsTouchAndCountInWholeSteps() throws {
    let chart = ChartFixtures.confidence([0, 1, 0, 2, 5, 9, 14, 30, 22, 7])
    let svg = try parse(chart)
    #expect(svg.hasClass("chart-histogram"))
    let bins = svg.elements(withClass: "bar")
    #expect(bins.count == 10)
    for (left, right) in zip(bins, bins.dropFirst()) {
      let end = try #require(left.number("x")) + #require(left.number("width"))
      #expect(try abs(end - #require(right.number("x"))) < 0.015)
    }
    #expect(bins.first?.number("x") == SVGChart.plotLeft)
    #expect(svg.elements(withClass: "x-label").map(\.text) == chart.points.map(\.label))
    #expect(svg.elements(withClass: "tick-label").map(\.text) == ["0", "10", "20", "30"])
    let single = try parse(ChartFixtures.confidence([0, 1, 0]))
    #expect(single.elements(withClass: "tick-label").map(\.text) == ["0", "1"])
  }

  @Test(arguments: ReportChart.Kind.allCases)
  func hostileStringsAreEscapedAndStillParse(kind: ReportChart.Kind) throws {
    let chart = try #require(ChartFixtures.all.first { $0.kind == kind && $0.id.contains("script") })
    let markup = SVGChart.render(chart)
    #expect(!markup.contains("<script") && !markup.contains("<b>") && !markup.contains("<u>"))
    #expect(markup.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!markup.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!markup.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x202C })
    #expect(markup.unicodeScalars.contains { $0.value == 0x200F })
    let svg = try parse(chart)
    #expect(svg.attributes["aria-labelledby"] == "script-x-script-title script-x-script-desc")
    let tooltips = svg.allElements.filter { $0.name == "rect" }.compactMap { $0.children.first?.text }
    #expect(tooltips.contains("<script>alert(1)</script>: <script>alert(1)</script>"))
    #expect(tooltips.contains("\"quoted\" & 'single': \"quoted\" & 'single'"))
    #expect(tooltips.contains("[31m: [31m"))
    #expect(tooltips.contains("tab here new  line: tab here new  line"))
  }

  @Test func outputIsDeterministic() {
    for chart in ChartFixtures.all {
      let copy = ReportChart(
        id: chart.id, kind: chart.kind, title: chart.title, summary: chart.summary, unit: chart.unit,
        points: chart.points.map {
          ChartPoint(
            label: $0.label, value: $0.value, display: $0.display, spread: $0.spread,
            goalStatus: $0.goalStatus)
        },
        goal: chart.goal, goalTolerance: chart.goalTolerance)
      #expect(SVGChart.render(chart) == SVGChart.render(copy))
    }
  }
}
