import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `ShortDecimal.double` reads exactly what `Double(text)` reads for the short plain decimals it
/// takes, and declines everything else.
@Suite struct ShortDecimalTests {
  static func read(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { ShortDecimal.double($0) }
  }

  @Test(arguments: [
    "0", "-0", "143", "12.56", "0.37", "-4.5", "0.1", "0.3", "999999999999999", "0.00000000000001",
    "123456789.012345", "9007199.25474099", "1.7976931348623",
  ])
  func readsAsDoubleDoes(_ text: String) throws {
    let value = try #require(Self.read(text))
    #expect(value.bitPattern == Double(text)!.bitPattern)
  }

  @Test(arguments: [
    "", "-", ".5", "5.", "1e3", "1.2.3", "+1", " 1", "1 ", "0x10", "1234567890123456", "0.000000000000001",
    "nan",
  ])
  func declinesOtherText(_ text: String) {
    #expect(Self.read(text) == nil)
  }

  @Test func randomDecimalsReadAsDoubleDoes() {
    var random = SplitMix64(seed: 2026)
    for _ in 0..<20_000 {
      let digits = 1 + random.below(15)
      var text = random.below(4) == 0 ? "-" : ""
      let point = random.below(digits + 1)
      for index in 0..<digits {
        if index == point, index > 0 { text += "." }
        text += String(random.below(10))
      }
      let value = Self.read(text)
      #expect(value?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }

  @Test func substringsFallBackToTheGeneralReading() {
    #expect(ShortDecimal.double("2.5e1"[...]) == 25)
    #expect(ShortDecimal.double("12.5"[...]) == 12.5)
    #expect(ShortDecimal.double("x"[...]) == nil)
  }
}
