import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `ExactArithmetic.quotient`: the double division for operands of at most 53 bits and the binary
/// long division for wider ones agree with a naive reference, 30 exact decimals and a sticky digit
/// parsed as a `Double`, on random and edge operands (whose quotients are not below 10⁻¹⁰: 30
/// decimals leave too few significant digits for the reference to round tinier ones correctly).
@Suite struct ExactArithmeticTests {
  /// The reference: `numerator / denominator` through 30 exact decimals and a sticky digit.
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

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theFastQuotientEqualsTheDecimalOne(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let limit: Int128 = 1 << 53
    for _ in 0..<20_000 {
      let bits = Int128(Int.random(in: 1...53, using: &random))
      let numerator = Int128.random(in: -(1 << bits)...(1 << bits), using: &random)
      let denominator = Int128.random(
        in: 1...min(limit, 1 << Int128(Int.random(in: 1...53, using: &random))), using: &random)
      guard numerator == 0 || numerator.magnitude * 10_000_000_000 >= denominator.magnitude else { continue }
      #expect(
        ExactArithmetic.quotient(numerator, denominator) == Self.decimalQuotient(numerator, denominator),
        "\(numerator) / \(denominator)")
    }
    for (numerator, denominator) in [
      (limit, 3), (-limit, 7), (limit - 1, limit), (limit, limit), (0, 1), (2, 3),
    ] as [(Int128, Int128)] {
      #expect(
        ExactArithmetic.quotient(numerator, denominator) == Self.decimalQuotient(numerator, denominator))
    }
  }

  @Test(arguments: [4, 5, 6] as [UInt64])
  func theWideQuotientEqualsTheDecimalOne(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var compared = 0
    while compared < 20_000 {
      let numeratorBits = Int128(Int.random(in: 1...126, using: &random))
      let denominatorBits = Int128(Int.random(in: 1...126, using: &random))
      let numerator = Int128.random(in: -(1 << numeratorBits)...(1 << numeratorBits), using: &random)
      let denominator = Int128.random(in: 1...(1 << denominatorBits), using: &random)
      guard numerator.magnitude > 1 << 53 || denominator.magnitude > 1 << 53 else { continue }
      // Keep to what the reference rounds correctly: a divisor below 2^120 (ten times the
      // remainder must not overflow) and a quotient of at least 10⁻¹⁰.
      let scaled = numerator.magnitude.multipliedReportingOverflow(by: 10_000_000_000)
      guard denominator < 1 << 120,
        numerator == 0 || scaled.overflow || scaled.partialValue >= denominator.magnitude
      else { continue }
      #expect(
        ExactArithmetic.quotient(numerator, denominator) == Self.decimalQuotient(numerator, denominator),
        "\(numerator) / \(denominator)")
      compared += 1
    }
    let wide: Int128 = 1 << 100
    for (numerator, denominator) in [
      (wide, 3), (-wide, 7), (wide - 1, wide), (wide, wide), (Int128.max, 1), (1 << 60, (1 << 61) + 1),
    ] as [(Int128, Int128)] {
      #expect(
        ExactArithmetic.quotient(numerator, denominator) == Self.decimalQuotient(numerator, denominator))
    }
  }
}
