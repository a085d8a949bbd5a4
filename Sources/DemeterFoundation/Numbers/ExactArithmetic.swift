/// Exact integer helpers shared by the aggregation code: tolerance tests without rounding, and the conversion
/// of exact ratios to `Double` at the very end.
@usableFromInline package enum ExactArithmetic {
  /// Billionths per unit, as a 128-bit integer.
  @usableFromInline package static let unit = Int128(FixedDecimal.unitsPerOne)

  /// Whether `magnitude > fraction × reference` exactly, where `magnitude` and `reference` share a unit
  /// and `fraction` is a non-negative fixed decimal. Full-width products, so it never overflows.
  /// - Complexity: O(1).
  package static func exceeds(_ magnitude: UInt128, fraction: FixedDecimal, of reference: UInt128) -> Bool {
    let left = magnitude.multipliedFullWidth(by: UInt128(unit))
    let right = UInt128(fraction.billionths.magnitude).multipliedFullWidth(by: reference)
    return left.high != right.high ? left.high > right.high : left.low > right.low
  }

  /// `exceeds(_:fraction:of:)` on 64-bit operands (the same answer, each product in two words).
  /// - Complexity: O(1).
  package static func exceeds(_ magnitude: UInt64, fraction: FixedDecimal, of reference: UInt64) -> Bool {
    let left = magnitude.multipliedFullWidth(by: UInt64(FixedDecimal.unitsPerOne))
    let right = fraction.billionths.magnitude.multipliedFullWidth(by: reference)
    return left.high != right.high ? left.high > right.high : left.low > right.low
  }

  /// `numerator / denominator` as the correctly rounded `Double`. Operands of at most 53 bits are
  /// exact doubles, whose IEEE division is correctly rounded; wider ones take 64 significant bits
  /// of the quotient by binary long division, plus a sticky bit for a non-zero remainder, then one
  /// correctly rounded conversion. `denominator` must be positive.
  /// - Complexity: O(1).
  @inlinable package static func quotient(_ numerator: Int128, _ denominator: Int128) -> Double {
    precondition(denominator > 0, "division by a non-positive count")
    let exactLimit: UInt128 = 1 << 53
    if numerator.magnitude <= exactLimit, denominator.magnitude <= exactLimit {
      return Double(Int64(numerator)) / Double(Int64(denominator))
    }
    guard numerator != 0 else { return 0 }
    let divisor = denominator.magnitude
    let whole = numerator.magnitude / divisor
    var remainder = numerator.magnitude % divisor
    var significand: UInt64
    var exponent = 0
    if whole >> 64 != 0 {
      let shift = UInt128.bitWidth - whole.leadingZeroBitCount - 64
      significand = UInt64(whole >> shift)
      if whole & ((1 << shift) - 1) != 0 || remainder != 0 { significand |= 1 }
      exponent = shift
    } else {
      significand = UInt64(whole)
      // One quotient bit a step until there are 64; the remainder stays below the divisor
      // (below 2^127), so doubling it cannot overflow.
      while significand.leadingZeroBitCount > 0 {
        remainder <<= 1
        significand <<= 1
        if remainder >= divisor {
          significand |= 1
          remainder -= divisor
        }
        exponent -= 1
      }
      if remainder != 0 { significand |= 1 }
    }
    let magnitude = Double(significand) * Double(sign: .plus, exponent: exponent, significand: 1)
    return numerator < 0 ? -magnitude : magnitude
  }

  /// An exact sum of billionths divided by a count, in units, or nil when the count is zero.
  @inlinable package static func mean(_ sum: Int128, count: Int) -> Double? {
    count == 0 ? nil : quotient(sum, unit * Int128(count))
  }

  /// Whether `a` sorts before `b` by Unicode code points (UTF-8 byte order): a total order that is
  /// the same on every machine, unlike hashing, and distinguishes canonically equivalent spellings.
  package static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}
