import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct FixedDecimalTests {
  @Test(arguments: [
    ("0", "0"), ("-0", "0"), ("182", "182"), ("12.20", "12.2"), ("1e3", "1000"), ("1.5E-3", "0.0015"),
    ("0.000000001", "0.000000001"), ("-2.5", "-2.5"), ("9223372036.854775807", "9223372036.854775807"),
    ("100e-2", "1"), ("0.0e5", "0"),
  ])
  func readsExactly(literal: String, expected: String) {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: literal) else {
      Issue.record("\(literal) was not read exactly")
      return
    }
    #expect(value.description == expected)
  }

  @Test(arguments: [
    ("0.0000000005", "0"), ("0.0000000015", "0.000000002"), ("0.0000000025", "0.000000002"),
    ("0.00000000250001", "0.000000003"), ("18.200000000000003", "18.2"), ("1e-400", "0"),
  ])
  func roundsHalfToEvenBeyondNineDecimals(literal: String, expected: String) {
    guard case .rounded(let value) = FixedDecimal.read(jsonNumber: literal) else {
      Issue.record("\(literal) was not reported as rounded")
      return
    }
    #expect(value.description == expected)
  }

  @Test(arguments: ["9223372037", "1e10", "12345678901234567890", "1e999999", "-1e308"])
  func rejectsOutOfRange(literal: String) {
    #expect(FixedDecimal.read(jsonNumber: literal) == .outOfRange)
  }

  @Test func sumIsExactAndOrderIndependent() {
    let values = ["0.1", "0.2", "0.3", "1e-9", "123456.789"].map { literal -> FixedDecimal in
      if case .exact(let v) = FixedDecimal.read(jsonNumber: literal) { return v }
      return .zero
    }
    var forward = FixedSum()
    values.forEach { forward.add($0) }
    var backward = FixedSum()
    values.reversed().forEach { backward.add($0) }
    #expect(forward == backward)
    #expect(forward.description == "123457.389000001")
    #expect(forward.doubleValue == 123457.389000001)
  }

  @Test func roundedTextIsLocaleFreeAndHalfAwayFromZeroOnTheWrittenDecimal() {
    #expect(DecimalText.rounded(2.5, decimals: 0) == "3")
    #expect(DecimalText.rounded(3.5, decimals: 0) == "4")
    #expect(DecimalText.rounded(-2.5, decimals: 0) == "-3")
    #expect(DecimalText.rounded(12.25, decimals: 1) == "12.3")
    #expect(DecimalText.rounded(9.95, decimals: 1) == "10.0")
    #expect(DecimalText.rounded(999.96, decimals: 1) == "1000.0")
    #expect(DecimalText.rounded(0.1, decimals: 9) == "0.100000000")
    #expect(DecimalText.rounded(2.675, decimals: 2) == "2.68")  // as written, not 2.67499999… in binary
    #expect(DecimalText.rounded(Double.leastNonzeroMagnitude, decimals: 4) == "0.0000")
    #expect(DecimalText.rounded(0.04, decimals: 1) == "0.0")
    #expect(DecimalText.rounded(-0.04, decimals: 1) == "0.0")
    #expect(DecimalText.rounded(units: 1_234_565_000, fractionDigits: 9, decimals: 5) == "1.23457")
    #expect(DecimalText.rounded(units: 1_234_564_999, fractionDigits: 9, decimals: 5) == "1.23456")
    #expect(DecimalText.rounded(units: 1_234_575_000, fractionDigits: 9, decimals: 5) == "1.23458")
    #expect(DecimalText.rounded(units: -1_500_000_000, fractionDigits: 9, decimals: 0) == "-2")
    #expect(DecimalText.rounded(units: 7, fractionDigits: 0, decimals: 2) == "7.00")
    #expect(DecimalText.rounded(1234567.891, decimals: 2) == "1234567.89")
  }

  @Test func doubleValueIsCorrectlyRounded() {
    var random = SplitMix64(seed: 42)
    for _ in 0..<20_000 {
      let billionths = Int64(bitPattern: random.next()) >> Int(random.next() % 63)
      let value = FixedDecimal(billionths: billionths)
      #expect(value.doubleValue == Double(value.description)!)
    }
  }
}
