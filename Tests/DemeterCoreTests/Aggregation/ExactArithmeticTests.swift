import Testing

@testable import DemeterCore

/// `ExactArithmetic.quotient`: the fast path for operands of at most 53 bits agrees with the
/// decimal path on random and edge operands (whose quotients are not below 10⁻¹⁰: 30 decimals
/// leave too few significant digits for the decimal path to round tinier ones correctly).
@Suite struct ExactArithmeticTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theFastQuotientEqualsTheDecimalOne(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let limit: Int128 = 1 << 53
    for _ in 0..<20_000 {
      let bits = Int128(Int.random(in: 1...53, using: &random))
      let numerator = Int128.random(in: -(1 << bits)...(1 << bits), using: &random)
      let denominator = Int128.random(in: 1...min(limit, 1 << Int128(Int.random(in: 1...53, using: &random))), using: &random)
      guard numerator == 0 || numerator.magnitude * 10_000_000_000 >= denominator.magnitude else { continue }
      #expect(
        ExactArithmetic.quotient(numerator, denominator) == ExactArithmetic.decimalQuotient(numerator, denominator),
        "\(numerator) / \(denominator)")
    }
    for (numerator, denominator) in [(limit, 3), (-limit, 7), (limit - 1, limit), (limit, limit), (0, 1), (2, 3)] as [(Int128, Int128)] {
      #expect(ExactArithmetic.quotient(numerator, denominator) == ExactArithmetic.decimalQuotient(numerator, denominator))
    }
  }
}
