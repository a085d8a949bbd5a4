/// An exact running total of `FixedDecimal` values.
///
/// The 128-bit accumulator cannot overflow for fewer than 2^64 added values, so totals are exact
/// and the same whatever order the values are added in.
public struct FixedSum: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var billionths: Int128

  public init(billionths: Int128 = 0) {
    self.billionths = billionths
  }

  public mutating func add(_ value: FixedDecimal) {
    billionths += Int128(value.billionths)
  }

  public mutating func add(_ other: FixedSum) {
    billionths += other.billionths
  }

  public static func + (a: FixedSum, b: FixedSum) -> FixedSum {
    FixedSum(billionths: a.billionths + b.billionths)
  }

  public static func - (a: FixedSum, b: FixedSum) -> FixedSum {
    FixedSum(billionths: a.billionths - b.billionths)
  }

  public static func < (a: FixedSum, b: FixedSum) -> Bool { a.billionths < b.billionths }

  /// The shortest exact decimal text of the total.
  public var description: String { DecimalText.format(units: billionths, fractionDigits: 9) }

  /// The nearest `Double` (correctly rounded).
  public var doubleValue: Double { Double(description)! }

  /// The total divided by `count`, correctly rounded to the nearest `Double`; 0 when `count` is 0.
  public func divided(by count: Int) -> Double {
    guard count != 0 else { return 0 }
    let quotient = ExactArithmetic.quotient(billionths, Int128(count.magnitude) * ExactArithmetic.unit)
    return count < 0 ? -quotient : quotient
  }
}

extension FixedSum {
  /// A total holding the single value `value`.
  public init(_ value: FixedDecimal) {
    self.init(billionths: Int128(value.billionths))
  }
}
