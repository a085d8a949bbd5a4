import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `DecimalStyle`: numbers as exports write them, read exactly.
@Suite struct DecimalStyleTests {
  @Test func pointStyleReadsThousandsSeparators() throws {
    #expect(try DecimalStyle.point.literal("1,234.5").get() == "1234.5")
    #expect(try DecimalStyle.point.literal(" 12.50 ").get() == "12.5")
    #expect(try DecimalStyle.point.literal("1,234,567").get() == "1234567")
    #expect(try DecimalStyle.point.literal("+.5").get() == "0.5")
    #expect(try DecimalStyle.point.literal("-3").get() == "-3")
    #expect(try DecimalStyle.point.literal("007").get() == "7")
  }

  @Test func commaStyleReadsDecimalCommas() throws {
    #expect(try DecimalStyle.comma.literal("1.234,5").get() == "1234.5")
    #expect(try DecimalStyle.comma.literal("12,5").get() == "12.5")
    #expect(try DecimalStyle.comma.literal("1 234,5").get() == "1234.5")
    #expect(try DecimalStyle.comma.literal("2.150").get() == "2150")
  }

  @Test func misreadableNumbersAreRefusedWithAHint() {
    #expect(
      DecimalStyle.point.literal("12,5")
        == .failure(ImportProblem("expected a number, got \"12,5\" (a decimal comma? use --decimal-comma)")))
    #expect(
      DecimalStyle.comma.literal("12.5")
        == .failure(
          ImportProblem("expected a number, got \"12.5\" (a decimal point? leave out --decimal-comma)")))
    for text in ["abc", "1.2.3", "1,23.4", "", "-", "1e5", "1.", "NaN"] {
      #expect((try? DecimalStyle.point.literal(text).get()) == nil, "\(text)")
    }
    #expect((try? DecimalStyle.point.literal("99999999999999999999").get()) == nil)
  }
}
