import DemeterCore

/// A number in a report: either an exact decimal (totals, read from the journal) or a derived
/// value (means, shares). Generators choose how to show it; none does arithmetic on it.
public enum ReportNumber: Sendable, Hashable {
  case exact(FixedSum)
  case count(Int)
  /// An exact total divided by a count (a mean), kept exact until it is written.
  case ratio(FixedSum, Int)
  /// An exact rational value (a change between two means, a share), kept exact until it is written.
  case fraction(ExactFraction)
  case derived(Double)

  /// The exact value as text: the shortest decimal that reads back to the same number, `.` as mark,
  /// never an exponent. For CSV and JSON.
  public var exactText: String {
    var text: [UInt8] = []
    appendExactText(to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends `exactText` to `out`.
  public func appendExactText(to out: inout [UInt8]) {
    switch self {
    case .exact(let sum): DecimalText.appendFormat(units: sum.billionths, fractionDigits: 9, to: &out)
    case .count(let count): DecimalText.appendInteger(count, to: &out)
    case .ratio(let sum, let count): DecimalText.appendShortest(sum.divided(by: count), to: &out)
    case .fraction(let value): DecimalText.appendShortest(value.doubleValue, to: &out)
    case .derived(let value): DecimalText.appendShortest(value, to: &out)
    }
  }

  /// The value rounded half away from zero to `decimals` places (0–9), always with that many decimals.
  /// Exact totals are rounded from their exact decimal value.
  public func rounded(_ decimals: Int) -> String {
    switch self {
    case .exact(let sum):
      return DecimalText.rounded(units: sum.billionths, fractionDigits: 9, decimals: decimals)
    case .count(let count): return String(count)
    case .ratio(let sum, let count):
      return DecimalText.rounded(
        numerator: sum.billionths, denominator: Int128(count) * Int128(FixedDecimal.unitsPerOne),
        decimals: decimals)
    case .fraction(let value): return value.rounded(decimals)
    case .derived(let value): return DecimalText.rounded(value, decimals: decimals)
    }
  }
}

extension ReportNumber {
  /// The value as an exact fraction; nil for a derived value, which is not exact.
  public var exactFraction: ExactFraction? {
    switch self {
    case .exact(let sum): return ExactFraction(sum)
    case .count(let count): return ExactFraction(count)
    case .ratio(let sum, let count): return ExactFraction.mean(sum, count: count)
    case .fraction(let value): return value
    case .derived: return nil
    }
  }

  /// The exact text, or the value rounded to `decimals` places when given.
  public func text(decimals: Int?) -> String {
    decimals.map { rounded($0) } ?? exactText
  }

  /// Appends `text(decimals:)` to `out`.
  public func appendText(decimals: Int?, to out: inout [UInt8]) {
    if let decimals {
      out.append(contentsOf: rounded(decimals).utf8)
    } else {
      appendExactText(to: &out)
    }
  }
}
