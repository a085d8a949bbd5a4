import Testing

@testable import DemeterReporting

/// The chart helpers: locale-free numbers, XML escaping, identifiers and the 1-2-5 axis scale.
@Suite struct ChartTextFormattingTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (-0.001, "0"), (0.004, "0"), (1, "1"), (1.5, "1.5"), (1.25, "1.25"),
    (0.125, "0.13"), (-0.125, "-0.13"), (-2.5, "-2.5"), (0.1 + 0.2, "0.3"), (0.05, "0.05"), (100, "100"),
    (123_456_789.123, "123456789.12"), (1e-7, "0"), (1e20, "1000000000000000"), (-1e20, "-1000000000000000"),
    (Double.nan, "0"), (Double.infinity, "0"), (-Double.infinity, "0"), (2.999, "3"), (9.996, "10"),
  ])
  func numbersHaveAtMostTwoDecimalsAndNoExponent(value: Double, expected: String) {
    #expect(SVGNumber.format(value) == expected)
  }

  @Test(arguments: [(0.125, 0, "0"), (2.5, 0, "3"), (0.0005, 3, "0.001"), (0.25, 1, "0.3"), (1.5, -1, "2"),
    (1e20, 6, "1000000000000000"), (-123_456_789_012.5, 6, "-123456789012.5"),
  ])
  func decimalsCanBeChosen(value: Double, decimals: Int, expected: String) {
    #expect(SVGNumber.format(value, maxDecimals: decimals) == expected)
  }

  @Test func formattedNumbersNeverUseExponentsOrCommas() {
    var value = 1e-9
    while value < 1e18 {
      for sample in [value, -value, value * 3.7] {
        let text = SVGNumber.format(sample)
        #expect(text.wholeMatch(of: /-?[0-9]+(\.[0-9]{1,2})?/) != nil, "\(sample) → \(text)")
        #expect(text != "-0")
      }
      value *= 7.3
    }
  }

  @Test(arguments: [
    ("a&b<c>\"d'e", "a&amp;b&lt;c&gt;&quot;d&#39;e"),
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("tab\tline\ncr\r", "tab line cr "),
    ("\u{0}\u{1B}[31m\u{7F}\u{85}x", "[31mx"),
    ("\u{202E}abc\u{202C}\u{2066}d\u{2069}", "abcd"),
    ("a\u{FFFE}b\u{FFFF}", "ab"),
    ("שלום\u{200F} é 🍎", "שלום\u{200F} é 🍎"),
    ("&amp;", "&amp;amp;"),
  ])
  func textIsEscapedForXML(raw: String, escaped: String) {
    #expect(SVGText.escape(raw) == escaped)
  }

  @Test(arguments: [
    ("calories-per-day", "calories-per-day"), ("Macro Split", "macro-split"),
    ("\"><script>x</script>", "script-x-script"), ("", "chart"), ("!!!", "chart"), ("7days", "chart-7days"),
    ("  a__b  ", "a__b"), ("Käse", "k-se"),
  ])
  func identifiersAreSafeForIDsAndClasses(raw: String, expected: String) {
    #expect(SVGText.identifier(raw, fallback: "chart") == expected)
  }

  @Test func truncationKeepsWholeCharacters() {
    #expect(SVGText.truncated("short", to: 12) == "short")
    #expect(SVGText.truncated("exactly12chr", to: 12) == "exactly12chr")
    #expect(SVGText.truncated("thirteen char", to: 12) == "thirteen ch…")
    #expect(SVGText.truncated("🍎🍎🍎🍎", to: 3) == "🍎🍎…")
    #expect(SVGText.truncated("anything", to: 0).isEmpty)
  }

  @Test(arguments: [
    (2180.0, 2500.0, 500.0, 5), (2000, 2000, 500, 4), (100, 100, 20, 5), (101, 150, 50, 3), (12, 15, 5, 3),
    (7, 8, 2, 4), (3, 3, 1, 3), (1, 1, 0.2, 5), (0.7, 0.8, 0.2, 4), (0.03, 0.03, 0.01, 3),
    (48_000, 50_000, 10_000, 5), (0, 1, 0.2, 5),
  ])
  func niceMaximumUsesOneTwoFiveSteps(value: Double, maximum: Double, step: Double, intervals: Int) {
    let scale = NiceScale(covering: value)
    #expect(abs(scale.maximum - maximum) < maximum * 1e-9)
    #expect(abs(scale.step - step) < step * 1e-9)
    #expect(scale.intervals == intervals)
  }

  @Test(arguments: [(1.0, 1.0, 1), (2, 2, 2), (0.3, 1, 1), (17, 20, 4), (30, 30, 3), (31, 40, 4)])
  func integralScalesStepByWholeNumbers(value: Double, maximum: Double, intervals: Int) {
    let scale = NiceScale(covering: value, integral: true)
    #expect(scale.maximum == maximum)
    #expect(scale.intervals == intervals)
    #expect(scale.step >= 1 && scale.step == scale.step.rounded())
  }

  @Test func niceScalesCoverTheValueInThreeToFiveSteps() {
    var value = 0.013
    while value < 1e9 {
      let scale = NiceScale(covering: value)
      #expect(scale.maximum >= value * (1 - 1e-12), "\(value)")
      #expect((3...5).contains(scale.intervals), "\(value)")
      let mantissa = scale.step / pow10(of: scale.step)
      #expect([1.0, 2.0, 5.0].contains { abs(mantissa - $0) < 1e-9 }, "\(value) step \(scale.step)")
      value *= 1.37
    }
  }

  @Test func ticksAreExactMultiplesOfTheStep() {
    let scale = NiceScale(covering: 0.7)
    #expect(
      (0...scale.intervals).map { SVGNumber.format(scale.tick($0), maxDecimals: scale.decimals) } == [
        "0", "0.2", "0.4", "0.6", "0.8",
      ])
    #expect(scale.decimals == 1)
    #expect(NiceScale(covering: 0.03).decimals == 2)
    #expect(NiceScale(covering: 2180).decimals == 0)
  }

  private func pow10(of value: Double) -> Double {
    var power = 1.0
    while power * 10 <= value * (1 + 1e-12) { power *= 10 }
    while power > value * (1 + 1e-12) { power /= 10 }
    return power
  }
}
