import Testing

@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct EnergyExpenditureTests {
  static let start = CivilDate(year: 2026, month: 10, day: 1)!

  /// A day that logged `calories` in one entry of `confidence`.
  static func day(_ offset: Int, calories: Int, confidence: Int64 = FixedDecimal.unitsPerOne) -> DigestTotals
  {
    var totals = DigestTotals(day: Int32(start.adding(days: offset).dayNumber))
    let amounts = NutrientAmounts { $0 == .calories ? Int64(calories) * FixedDecimal.unitsPerOne : 0 }
    totals.add(amounts, confidence: confidence, rules: DigestRules(AggregationOptions()))
    return totals
  }

  static func trend(days: [Int], kilograms: Int = 80) -> BodyTrend {
    BodyTrend(
      days.map { offset in
        BodyMeasurement(
          timestamp: Timestamp(
            localDate: start.adding(days: offset), secondOfDay: 7 * 3600, utcOffsetSeconds: 0),
          weight: FixedDecimal(kilograms)!, unit: .kg)
      }, zone: .asWritten)
  }

  @Test func aSteadyWeightMakesTheExpenditureTheMeanIntakeExactlyWithNoBand() throws {
    let estimate = EnergyExpenditure(
      totals: (0..<40).map { Self.day($0, calories: 2000) }, trend: Self.trend(days: Array(0..<40)),
      last: Self.start.adding(days: 39))
    #expect(estimate.notEnoughData == nil)
    #expect(estimate.window == Period(first: Self.start.adding(days: 12), last: Self.start.adding(days: 39)))
    #expect(estimate.expenditure == ExactFraction(2000))
    #expect(estimate.band?.halfWidth == 0)
    #expect(estimate.loggedDays == 28 && estimate.weighInDays == 28)
  }

  @Test func lowConfidenceCaloriesWidenTheBandByHalfTheirDailyMean() throws {
    let estimate = EnergyExpenditure(
      totals: (0..<40).map { Self.day($0, calories: 2000, confidence: 400_000_000) },
      trend: Self.trend(days: Array(0..<40)), last: Self.start.adding(days: 39))
    #expect(estimate.band?.lowConfidence == 1000)
  }

  @Test func aWindowThatBeginsBeforeTheFirstWeighInStartsTheDayAfterIt() {
    let estimate = EnergyExpenditure(
      totals: (0..<40).map { Self.day($0, calories: 2000) }, trend: Self.trend(days: Array(20..<40)),
      last: Self.start.adding(days: 39))
    #expect(estimate.window.first == Self.start.adding(days: 21))
    #expect(estimate.loggedDays == 19)
    #expect(estimate.expenditure == ExactFraction(2000))
  }

  @Test func tooFewLoggedDaysOrWeighInsGiveNoEstimateAndSayWhy() {
    let estimate = EnergyExpenditure(
      totals: (27..<40).map { Self.day($0, calories: 2000) }, trend: Self.trend(days: Array(0..<5) + [39]),
      last: Self.start.adding(days: 39))
    #expect(estimate.expenditure == nil && estimate.band == nil)
    #expect(estimate.notEnoughData == "13 logged days (14 needed), 1 weigh-in day (8 needed)")
    let none = EnergyExpenditure(totals: [], trend: Self.trend(days: []), last: Self.start)
    #expect(
      none.notEnoughData
        == "no weigh-in before the window, 0 logged days (14 needed), 0 weigh-in days (8 needed)")
  }
}
