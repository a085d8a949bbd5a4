import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `ExactFraction`: exact means, changes and shares, written as the correctly rounded decimal.
@Suite struct ExactFractionTests {
  static func sum(_ text: String) -> FixedSum {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: text) else { return FixedSum() }
    return FixedSum(value)
  }

  @Test func differenceIsExact() throws {
    // 0.3 − 0.1 in floating point is 0.19999999999999998.
    let maybeDifference = ExactFraction(Self.sum("0.3")) - ExactFraction(Self.sum("0.1"))
    let difference = try #require(maybeDifference)
    #expect(difference == ExactFraction(Self.sum("0.2")))
    #expect(difference.doubleValue == 0.2)
    // The change of two means: 1458.8 / 7 − 1579.2 / 7 = −17.2.
    let maybeChange =
      ExactFraction.mean(Self.sum("1458.8"), count: 7)! - ExactFraction.mean(Self.sum("1579.2"), count: 7)!
    let change = try #require(maybeChange)
    #expect(change.doubleValue == -17.2)
    #expect(change.rounded(1) == "-17.2")
  }

  @Test func keptInLowestTermsWithAPositiveDenominator() {
    let value = ExactFraction(6, over: -4)
    #expect(value.numerator == -3 && value.denominator == 2)
    #expect(value == ExactFraction(-3, over: 2))
    #expect(ExactFraction.mean(FixedSum(), count: 0) == nil)
  }

  @Test func quotientAndPercentage() throws {
    let maybeShare = ExactFraction(1, over: 3) / ExactFraction(2, over: 3)
    let share = try #require(maybeShare)
    #expect(share == ExactFraction(1, over: 2))
    #expect(share.scaled(by: 100) == 50)
    #expect(ExactFraction(1) / ExactFraction(0) == nil)
    #expect(ExactFraction(0) / ExactFraction(5) == 0)
  }

  @Test func overflowIsNilNotACrash() {
    let huge = ExactFraction(Int128.max - 1, over: 1)
    #expect(huge - ExactFraction(-(Int128.max - 1), over: 1) == nil)
    #expect(huge.scaled(by: 100) == nil)
    #expect(ExactFraction(1, over: Int128.max) / ExactFraction(Int128.max - 2, over: 1) == nil)
  }
}
