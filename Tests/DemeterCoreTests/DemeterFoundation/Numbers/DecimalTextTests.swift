import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct DecimalTextTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (1.0, "1"), (12.2, "12.2"), (0.00001, "0.00001"), (1e16, "10000000000000000"),
    (-2.5e-7, "-0.00000025"), (123456.789, "123456.789"), (0.1 + 0.2, "0.30000000000000004"),
    (1.7976931348623157e308, "17976931348623157" + String(repeating: "0", count: 292)),
  ])
  func shortestIsPositionalAndRoundTrips(value: Double, expected: String) {
    let text = DecimalText.shortest(value)
    #expect(text == expected)
    #expect(Double(text) == value)
  }

  @Test(arguments: [
    (2.5, 1, "2.5"), (1.0, 1, "1"), (2.04, 1, "2"), (0.0, 2, "0"), (-0.0, 2, "0"), (9.95, 1, "10"),
    (-0.5, 1, "-0.5"), (100.0, 3, "100"), (0.1234, 3, "0.123"), (12.0, 0, "12"), (120.0, 0, "120"),
  ])
  func roundedTrimmedDropsTheFractionsTrailingZeros(value: Double, decimals: Int, expected: String) {
    #expect(DecimalText.roundedTrimmed(value, decimals: decimals) == expected)
  }

  @Test func formatsFixedPointExactly() {
    #expect(DecimalText.format(units: 0, fractionDigits: 9) == "0")
    #expect(DecimalText.format(units: -1, fractionDigits: 9) == "-0.000000001")
    #expect(DecimalText.format(units: 12_200_000_000, fractionDigits: 9) == "12.2")
    #expect(DecimalText.format(units: 5, fractionDigits: 0) == "5")
  }

  @Test(arguments: [7, 8, 9] as [UInt64])
  func fixedTextInOneBufferEqualsThePieceByPieceText(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let units = Self.randomUnits(upToBits: 70, &random)
      let decimals = Int.random(in: 0...9, using: &random)
      #expect(
        DecimalText.fixed(units: units, decimals: decimals)
          == DecimalText.fixedPieceByPiece(units: units, decimals: decimals), "\(units) \(decimals)")
    }
    #expect(DecimalText.fixed(units: 5, decimals: 2) == "0.05")
    #expect(DecimalText.fixed(units: -12_345, decimals: 2) == "-123.45")
    #expect(DecimalText.fixed(units: 0, decimals: 0) == "0")
    #expect(DecimalText.rounded(numerator: -1, denominator: 1_000, decimals: 2) == "0.00")
  }

  @Test(arguments: [11, 12] as [UInt64])
  func formatEqualsANaiveReferenceOnRandomValues(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let units = Self.randomUnits(upToBits: 120, &random)
      let digits = Int.random(in: 0...24, using: &random)
      #expect(
        DecimalText.format(units: units, fractionDigits: digits)
          == Self.naiveFormat(units: units, fractionDigits: digits), "\(units) \(digits)")
    }
  }

  /// `write(billionths:into:at:)`, the export's writer of an entry's amounts, on the extremes and
  /// random amounts, in room for `maxBillionthsCount` bytes.
  @Test func billionthsAreWrittenAsFormatWritesThem() {
    var random = SplitMix64(seed: 15)
    let amounts =
      [Int64.min, Int64.max, 0]
      + (0..<20_000).map { _ in Int64(truncatingIfNeeded: Self.randomUnits(upToBits: 62, &random)) }
    for billionths in amounts {
      let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalText.maxBillionthsCount) {
        String(decoding: $0[..<DecimalText.write(billionths: billionths, into: $0, at: 0)], as: UTF8.self)
      }
      #expect(written == Self.naiveFormat(units: Int128(billionths), fractionDigits: 9), "\(billionths)")
    }
  }

  /// A whole number of magnitude below 2^b, b itself random up to `bits`, so small ones come often.
  private static func randomUnits(upToBits bits: Int, _ random: inout SplitMix64) -> Int128 {
    let limit = Int128(1) << Int128(Int.random(in: 0...bits, using: &random))
    return Int128.random(in: -limit...limit, using: &random)
  }

  /// `units / 10^fractionDigits` written digit by digit from its whole text.
  private static func naiveFormat(units: Int128, fractionDigits: Int) -> String {
    let digits = String(units.magnitude)
    let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - digits.count)) + digits
    let whole = padded.dropLast(fractionDigits)
    var fraction = padded.suffix(fractionDigits)
    while fraction.last == "0" { fraction = fraction.dropLast() }
    return (units < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
  }

  @Test(arguments: [13, 14] as [UInt64])
  func shortestRoundTripsWithoutExponentOnRandomValues(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      let text = DecimalText.shortest(value)
      #expect(Double(text) == value, "\(value)")
      #expect(!text.contains("e"), "\(value)")
      let description = value.description
      if !description.contains("e"), value != 0 {
        #expect(text == (description.hasSuffix(".0") ? String(description.dropLast(2)) : description))
      }
      var appended = Array("x".utf8)
      DecimalText.appendShortest(value, to: &appended)
      #expect(appended == Array(("x" + text).utf8))
    }
  }

  @Test func appendsIntegersWithTheirSign() {
    for value in [0, 7, -7, 10, 1_234_567, Int.max, Int.min] {
      var out: [UInt8] = []
      DecimalText.appendInteger(value, to: &out)
      #expect(String(decoding: out, as: UTF8.self) == String(value))
    }
  }
}
