import DemeterCore
import Foundation

@testable import DemeterReporting

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An element of parsed SVG: its name, attributes, character data and child elements.
final class ChartXMLNode {
  let name: String
  let attributes: [String: String]
  var text = ""
  var children: [ChartXMLNode] = []

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

  func hasClass(_ name: String) -> Bool { classes.contains(name) }

  /// This element and everything below it, in document order.
  var allElements: [ChartXMLNode] { [self] + children.flatMap(\.allElements) }

  func elements(withClass name: String) -> [ChartXMLNode] { allElements.filter { $0.hasClass(name) } }

  func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }
}

/// Parses XML with Foundation's `XMLParser` into ``ChartXMLNode``s; `nil` when it is not well formed.
final class ChartXMLTreeBuilder: NSObject, XMLParserDelegate {
  private var stack: [ChartXMLNode] = []
  private var root: ChartXMLNode?

  static func parse(_ xml: String) -> ChartXMLNode? {
    let builder = ChartXMLTreeBuilder()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = builder
    guard parser.parse() else { return nil }
    return builder.root
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String]
  ) {
    let node = ChartXMLNode(name: elementName, attributes: attributeDict)
    stack.last?.children.append(node)
    if root == nil { root = node }
    stack.append(node)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}

/// Charts used by several chart tests.
enum ChartFixtures {
  static let hostileLabels = [
    "<script>alert(1)</script>", "\"quoted\" & 'single'", "\u{0}\u{1B}[31m", "\u{202E}evil\u{202C}",
    "tab\there\nnew\r\nline", "]]><!--", "&amp;", "שלום\u{200F}",
  ]

  /// A day's calories per point; with a goal, each point's status against it within ±10 %, as the
  /// report builder gives it.
  static func days(_ values: [Double], goal: Double? = nil) -> ReportChart {
    let status = { (value: Double) -> GoalStatus? in
      guard let goal, value.isFinite, value.magnitude < 1e9 else { return nil }
      return GoalStatus(
        total: FixedSum(billionths: Int128((value * 1e9).rounded())), days: 1,
        goal: FixedDecimal(billionths: Int64((goal * 1e9).rounded())),
        tolerance: FixedDecimal(billionths: 100_000_000))
    }
    return ReportChart(
      id: "calories-per-day", kind: .bars, title: "Calories per day",
      summary: "Calories eaten on each day of the period, with the daily goal.", unit: "kcal",
      points: values.enumerated().map { index, value in
        ChartPoint(
          label: "Day \(index + 1)", value: value, display: value.isFinite ? "\(Int(value)) kcal" : "n/a",
          goalStatus: status(value))
      }, goal: goal, goalTolerance: goal == nil ? nil : 0.1)
  }

  static func macros(protein: Double, carbohydrates: Double, fat: Double) -> ReportChart {
    ReportChart(
      id: "macro-split", kind: .shares, title: "Macro split",
      summary: "Share of energy from protein, carbohydrates and fat.", unit: "",
      points: [
        ChartPoint(label: "protein", value: protein, display: "\(Int(protein * 100)) %"),
        ChartPoint(label: "carbohydrates", value: carbohydrates, display: "\(Int(carbohydrates * 100)) %"),
        ChartPoint(label: "fat", value: fat, display: "\(Int(fat * 100)) %"),
      ])
  }

  static func confidence(_ counts: [Double]) -> ReportChart {
    ReportChart(
      id: "confidence-histogram", kind: .histogram, title: "Confidence",
      summary: "Number of entries per tenth of confidence.", unit: "entries",
      points: counts.enumerated().map { index, count in
        ChartPoint(
          label: "0.\(index)–\(index == 9 ? "1.0" : "0.\(index + 1)")", value: count,
          display: "\(Int(count)) entries")
      })
  }

  /// Every kind with data, without data, and with journal strings that try to break the markup.
  static var all: [ReportChart] {
    let hostilePoints = hostileLabels.enumerated().map { index, label in
      ChartPoint(label: label, value: Double(index + 1), display: label)
    }
    var charts = [
      days([1800, 2180, 0, 1950, 2400, 2100, 1700], goal: 2000),
      days([1800, 2180, 1950]),
      days((0..<30).map { Double(1500 + $0 * 37 % 900) }, goal: 2000),
      days((0..<365).map { Double(1200 + $0 * 53 % 1400) }, goal: 2200),
      days([]), days([0, 0, 0]), days([0, 0], goal: 2000),
      days([0.3, 0.001, .nan, -5, .infinity], goal: -1),
      macros(protein: 0.31, carbohydrates: 0.45, fat: 0.24),
      macros(protein: 0, carbohydrates: 0, fat: 0),
      macros(protein: 0.2, carbohydrates: 0, fat: 0.3),
      confidence([0, 1, 0, 2, 5, 9, 14, 30, 22, 7]),
      confidence([]), confidence(Array(repeating: 0, count: 10)),
    ]
    for kind in ReportChart.Kind.allCases {
      charts.append(
        ReportChart(
          id: "\"><script>x</script>", kind: kind, title: "<b>Title</b> & \u{7}",
          summary: "'single' \"double\" \u{202E}", unit: "<u>&</u>",
          points: kind == .distribution ? hostilePoints.map(spread) : hostilePoints, goal: 3))
    }
    return charts
  }

  /// `point` with a spread around its value, as distribution charts draw.
  static func spread(_ point: ChartPoint) -> ChartPoint {
    var spread = point
    spread.spread = ChartSpread(
      low: point.value / 2, high: point.value * 2, values: [point.value / 2, point.value])
    return spread
  }
}
