import DemeterCore

/// A number in a report: either an exact decimal (totals, read from the journal) or a derived
/// value (means, shares). Generators choose how to show it; none does arithmetic on it.
public enum ReportNumber: Sendable, Hashable {
  case exact(FixedSum)
  case count(Int)
  case derived(Double)

  /// The exact value as text: the shortest decimal that reads back to the same number, `.` as mark,
  /// never an exponent. For CSV and JSON.
  public var exactText: String {
    switch self {
    case .exact(let sum): return sum.description
    case .count(let count): return String(count)
    case .derived(let value): return DecimalText.shortest(value)
    }
  }

  /// The value rounded for reading (text, Markdown, HTML).
  public func rounded(_ decimals: Int) -> String {
    switch self {
    case .exact(let sum): return DecimalText.rounded(sum.doubleValue, decimals: decimals)
    case .count(let count): return String(count)
    case .derived(let value): return DecimalText.rounded(value, decimals: decimals)
    }
  }
}
