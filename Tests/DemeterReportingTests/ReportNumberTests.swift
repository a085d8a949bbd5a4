import DemeterCore
import DemeterReporting
import Testing

/// `ReportNumber`: exact text for CSV/JSON, and rounding half away from zero on the exact value.
@Suite struct ReportNumberTests {
  private static func exact(_ text: String) -> ReportNumber { .exact(ReportFixtures.sum(text)) }
  private static func ratio(_ text: String, _ count: Int) -> ReportNumber {
    .ratio(ReportFixtures.sum(text), count)
  }

  @Test(arguments: [
    (exact("182.5"), "182.5"),
    (exact("0"), "0"),
    (exact("12.200"), "12.2"),
    (exact("0.000000001"), "0.000000001"),
    (exact("-3.25"), "-3.25"),
    (exact("123456789012.5"), "123456789012.5"),
    (.count(7), "7"),
    (ratio("412", 2), "206"),
    (ratio("1", 3), "0.3333333333333333"),
    (ratio("2", 3), "0.6666666666666666"),
    (ratio("44.562", 56), "0.79575"),
    (.derived(0.1), "0.1"),
    (.derived(1e-7), "0.0000001"),
    (.derived(1e21), "1000000000000000000000"),
    (.derived(-0.0), "0"),
  ])
  func exactText(number: ReportNumber, expected: String) {
    #expect(number.exactText == expected)
    #expect(number.text(decimals: nil) == expected)
    var appended: [UInt8] = []
    number.appendText(decimals: nil, to: &appended)
    #expect(appended == Array(expected.utf8))
  }

  @Test(arguments: [
    (exact("182.5"), 0, "183"),
    (exact("-182.5"), 0, "-183"),
    (exact("2.5"), 0, "3"),
    (exact("3.5"), 0, "4"),
    (exact("0.5"), 0, "1"),
    (exact("0.00005"), 4, "0.0001"),
    (exact("0.00004999"), 4, "0.0000"),
    (exact("-0.00004"), 4, "0.0000"),
    (exact("9.95"), 1, "10.0"),
    (exact("99.995"), 2, "100.00"),
    (exact("24.2"), 4, "24.2000"),
    (exact("0.123456789"), 9, "0.123456789"),
    (exact("7"), 0, "7"),
    (.count(7), 4, "7"),
    // An exact tie in decimal: 44.562 / 56 = 0.79575 exactly, so it rounds up (a Double rounds down).
    (ratio("44.562", 56), 4, "0.7958"),
    (ratio("1", 3), 4, "0.3333"),
    (ratio("2", 3), 4, "0.6667"),
    (ratio("1", 8), 2, "0.13"),
    (ratio("-1", 8), 2, "-0.13"),
    (ratio("16314.5", 7), 4, "2330.6429"),
    (ratio("5", 2), 0, "3"),
    (.derived(9.95), 1, "10.0"),
    (.derived(0.125), 2, "0.13"),
    (.derived(-0.125), 2, "-0.13"),
    (.derived(182.5), 0, "183"),
    (.derived(-0.0001), 2, "0.00"),
  ])
  func rounded(number: ReportNumber, decimals: Int, expected: String) {
    #expect(number.rounded(decimals) == expected)
    #expect(number.text(decimals: decimals) == expected)
    var appended: [UInt8] = []
    number.appendText(decimals: decimals, to: &appended)
    #expect(appended == Array(expected.utf8))
  }

  @Test(arguments: 0...9)
  func roundedHasExactlyTheAskedDecimals(decimals: Int) {
    for number in [Self.exact("1234.56789"), Self.ratio("10", 3), ReportNumber.derived(2.0 / 3.0)] {
      let text = number.rounded(decimals)
      let fraction = text.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first
      #expect((fraction?.count ?? 0) == decimals, "\(text)")
      #expect(!text.contains("e") && !text.contains(","))
    }
  }
}
