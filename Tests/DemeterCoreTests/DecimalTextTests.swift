import Testing

@testable import DemeterCore

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

  @Test func formatsFixedPointExactly() {
    #expect(DecimalText.format(units: 0, fractionDigits: 9) == "0")
    #expect(DecimalText.format(units: -1, fractionDigits: 9) == "-0.000000001")
    #expect(DecimalText.format(units: 12_200_000_000, fractionDigits: 9) == "12.2")
    #expect(DecimalText.format(units: 5, fractionDigits: 0) == "5")
  }
}
