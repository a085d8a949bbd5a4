/// Exact integer helpers shared by the aggregation code: tolerance tests without rounding, and the conversion of exact ratios to `Double` at the very end.
enum ExactArithmetic {
  /// Billionths per unit, as a 128-bit integer.
  static let unit = Int128(FixedDecimal.unitsPerOne)

  /// Whether `magnitude > fraction × reference` exactly, where `magnitude` and `reference` share a unit
  /// and `fraction` is a non-negative fixed decimal. Full-width products, so it never overflows.
  /// - Complexity: O(1).
  static func exceeds(_ magnitude: UInt128, fraction: FixedDecimal, of reference: UInt128) -> Bool {
    let left = magnitude.multipliedFullWidth(by: UInt128(unit))
    let right = UInt128(fraction.billionths.magnitude).multipliedFullWidth(by: reference)
    return left.high != right.high ? left.high > right.high : left.low > right.low
  }

  /// `numerator / denominator` as the correctly rounded `Double`. Operands of at most 53 bits are
  /// exact doubles, whose IEEE division is correctly rounded; wider ones take 30 exact decimals of
  /// the quotient plus a sticky digit for a non-zero remainder, then one correctly rounded
  /// conversion. `denominator` must be positive.
  /// - Complexity: O(1).
  static func quotient(_ numerator: Int128, _ denominator: Int128) -> Double {
    precondition(denominator > 0, "division by a non-positive count")
    let exactLimit: UInt128 = 1 << 53
    if numerator.magnitude <= exactLimit, denominator.magnitude <= exactLimit {
      return Double(Int64(numerator)) / Double(Int64(denominator))
    }
    return decimalQuotient(numerator, denominator)
  }

  /// `quotient` through 30 exact decimals and a sticky digit, for any width.
  static func decimalQuotient(_ numerator: Int128, _ denominator: Int128) -> Double {
    let divisor = denominator.magnitude
    let magnitude = numerator.magnitude
    var text = numerator < 0 ? "-" : ""
    text += String(magnitude / divisor) + "."
    var remainder = magnitude % divisor
    for _ in 0..<30 {
      let (shifted, overflow) = remainder.multipliedReportingOverflow(by: 10)
      guard !overflow else { break }
      remainder = shifted
      text += String(remainder / divisor)
      remainder %= divisor
    }
    if remainder != 0 { text += "1" }
    return Double(text)!
  }

  /// An exact sum of billionths divided by a count, in units, or nil when the count is zero.
  static func mean(_ sum: Int128, count: Int) -> Double? {
    count == 0 ? nil : quotient(sum, unit * Int128(count))
  }

  /// Whether `a` sorts before `b` by Unicode code points (UTF-8 byte order): a total order that is
  /// the same on every machine, unlike hashing, and distinguishes canonically equivalent spellings.
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}
