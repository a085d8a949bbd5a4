/// One seed performance contract of the manual's `journal` topic (or a figure shown beside them), with what was measured.
struct ContractResult: Sendable {
  enum Unit: Sendable {
    case seconds, bytes, count
  }

  var name: String
  var unit: Unit
  var measured: Double
  /// The contract's bound; nil for a figure shown for information.
  var limit: Double?
  /// Whether the bound is a minimum (`≥`) rather than a maximum (`<`).
  var isMinimum = false

  /// How far inside the bound the measurement is: > 1 means the contract holds.
  var margin: Double? {
    guard let limit else { return nil }
    return isMinimum ? measured / limit : limit / measured
  }

  /// Whether the measurement is within the bound; nil without one.
  var holds: Bool? {
    guard let limit else { return nil }
    return isMinimum ? measured >= limit : measured < limit
  }

  /// The contracts as a table: target, measured, margin ×, and whether each holds.
  static func table(_ results: [ContractResult]) -> TextTable {
    var table = TextTable(["contract (manual: journal)", "target", "measured", "margin", "holds"])
    for result in results {
      table.append([
        result.name,
        result.limit.map { (result.isMinimum ? "≥ " : "< ") + result.text($0) } ?? "—",
        result.text(result.measured),
        result.margin.map(NumberText.factor) ?? "—",
        result.holds.map { $0 ? "yes" : "NO" } ?? "—",
      ])
    }
    return table
  }

  private func text(_ value: Double) -> String {
    switch unit {
    case .seconds: return NumberText.duration(value)
    case .bytes: return NumberText.fixed(value, value < 100 ? 1 : 0) + " B"
    case .count: return NumberText.fixed(value, 0)
    }
  }
}
