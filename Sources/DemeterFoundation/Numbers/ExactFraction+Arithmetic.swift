// Sums and products of exact fractions, and the exact value of a decimal, for amounts computed
// from other amounts (a recipe's nutrition from its ingredients).

extension ExactFraction {
  /// The exact value of a fixed decimal.
  public init(_ value: FixedDecimal) {
    self.init(Int128(value.billionths), over: ExactArithmetic.unit)
  }

  /// The decimal a person wrote that `value` was read from (its shortest form: 0.1, not
  /// 0.1000000000000000055…), to the billionth; nil when it is not finite or beyond
  /// `FixedDecimal.largest`.
  public init?(decimal value: Double) {
    guard value.isFinite else { return nil }
    switch FixedDecimal.read(jsonNumber: DecimalText.shortest(value)) {
    case .exact(let fixed), .rounded(let fixed): self.init(fixed)
    case .outOfRange: return nil
    }
  }

  /// `a + b`, or nil when the exact result does not fit in 128 bits.
  public static func + (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
    guard b.numerator != .min else { return nil }
    return a - ExactFraction(-b.numerator, over: b.denominator)
  }

  /// `a × b`, or nil when the exact result does not fit in 128 bits.
  public static func * (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
    guard b.numerator != 0 else { return 0 }
    return a / ExactFraction(b.denominator, over: b.numerator)
  }
}
