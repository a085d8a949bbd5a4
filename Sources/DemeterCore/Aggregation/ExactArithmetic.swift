/// Exact integer helpers shared by the aggregation code: energy from macronutrients, tolerance tests
/// without rounding, and the conversion of exact ratios to `Double` at the very end.
enum ExactArithmetic {
  /// Billionths per unit, as a 128-bit integer.
  static let unit = Int128(FixedDecimal.unitsPerOne)

  /// kcal per gram of protein, carbohydrates and fat (the Atwater general factors).
  static let proteinFactor: Int128 = 4
  static let carbohydrateFactor: Int128 = 4
  static let fatFactor: Int128 = 9

  /// 4·protein + 4·carbohydrates + 9·fat, in billionths of a kcal.
  /// - Complexity: O(1).
  @inline(__always)
  static func macroEnergy(protein: Int128, carbohydrates: Int128, fat: Int128) -> Int128 {
    proteinFactor * protein + carbohydrateFactor * carbohydrates + fatFactor * fat
  }

  /// Whether `magnitude > fraction × reference` exactly, where `magnitude` and `reference` share a unit
  /// and `fraction` is a non-negative fixed decimal. Full-width products, so it never overflows.
  /// - Complexity: O(1).
  static func exceeds(_ magnitude: UInt128, fraction: FixedDecimal, of reference: UInt128) -> Bool {
    let left = magnitude.multipliedFullWidth(by: UInt128(unit))
    let right = UInt128(fraction.billionths.magnitude).multipliedFullWidth(by: reference)
    return left.high != right.high ? left.high > right.high : left.low > right.low
  }

  /// `numerator / denominator` as a `Double`, dividing in integers first so that large exact sums keep
  /// their precision (the result is within one unit in the last place of the true quotient).
  /// `denominator` must be positive.
  /// - Complexity: O(1).
  static func quotient(_ numerator: Int128, _ denominator: Int128) -> Double {
    precondition(denominator > 0, "division by a non-positive count")
    let (whole, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
    return Double(whole) + Double(remainder) / Double(denominator)
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
