/// An exact rational number of units (kcal, grams, entries): the mean of a total, the change
/// between two means, a share. Kept in lowest terms with a positive denominator, so equal values
/// are equal; written only at the end, as the correctly rounded decimal (`22.6`, never
/// `22.599999999999994`).
public struct ExactFraction: Sendable, Hashable, ExpressibleByIntegerLiteral {
  public let numerator: Int128
  /// Always positive.
  public let denominator: Int128

  /// `numerator / denominator`; `denominator` must not be 0.
  @inlinable public init(_ numerator: Int128, over denominator: Int128) {
    precondition(denominator != 0, "a fraction needs a non-zero denominator")
    let divisor = Int128(Self.greatestCommonDivisor(numerator.magnitude, denominator.magnitude))
    let sign: Int128 = denominator < 0 ? -1 : 1
    self.numerator = sign * (numerator / divisor)
    self.denominator = sign * (denominator / divisor)
  }

  /// The exact value of a total.
  public init(_ sum: FixedSum) {
    self.init(sum.billionths, over: ExactArithmetic.unit)
  }

  /// A whole number.
  public init(_ count: Int) {
    self.init(Int128(count), over: 1)
  }

  public init(integerLiteral value: Int) {
    self.init(value)
  }

  /// `sum / count` (a mean); nil when `count` is 0.
  @inlinable public static func mean(_ sum: FixedSum, count: Int) -> ExactFraction? {
    count == 0 ? nil : ExactFraction(sum.billionths, over: ExactArithmetic.unit * Int128(count))
  }

  /// The nearest `Double` (correctly rounded).
  public var doubleValue: Double { ExactArithmetic.quotient(numerator, denominator) }

  /// The value rounded half away from zero to `decimals` places (0–9), with exactly that many decimals.
  public func rounded(_ decimals: Int) -> String {
    DecimalText.rounded(numerator: numerator, denominator: denominator, decimals: decimals)
  }

  /// `a − b`, or nil when the exact result does not fit in 128 bits.
  @inlinable public static func - (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
    let shared = Int128(greatestCommonDivisor(a.denominator.magnitude, b.denominator.magnitude))
    guard let left = product(a.numerator, b.denominator / shared),
      let right = product(b.numerator, a.denominator / shared),
      let denominator = product(a.denominator / shared, b.denominator)
    else { return nil }
    let (difference, overflow) = left.subtractingReportingOverflow(right)
    return overflow ? nil : ExactFraction(difference, over: denominator)
  }

  /// `a / b`, or nil when `b` is zero or the exact result does not fit in 128 bits.
  public static func / (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
    guard b.numerator != 0 else { return nil }
    // Cross-reduced first, so the products stay as small as the values allow.
    let top = Int128(greatestCommonDivisor(a.numerator.magnitude, b.numerator.magnitude))
    let bottom = Int128(greatestCommonDivisor(a.denominator.magnitude, b.denominator.magnitude))
    guard let numerator = product(a.numerator / top, b.denominator / bottom),
      let denominator = product(a.denominator / bottom, b.numerator / top)
    else { return nil }
    return ExactFraction(numerator, over: denominator)
  }

  /// The value times a whole number (e.g. 100 for a percentage), or nil when it does not fit.
  public func scaled(by factor: Int) -> ExactFraction? {
    Self.product(numerator, Int128(factor)).map { ExactFraction($0, over: denominator) }
  }

  @usableFromInline static func product(_ a: Int128, _ b: Int128) -> Int128? {
    let (value, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : value
  }

  @usableFromInline static func greatestCommonDivisor(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}
