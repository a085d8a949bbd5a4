import Foundation
import Testing

@testable import DemeterCore
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

  /// A person simulated with a chosen expenditure: each day they eat 2 000 ± 300 kcal (logging it on
  /// about 6 days of 7), their weight changes by (intake − expenditure) ÷ 7 700 kg, and they weigh
  /// in on about 7 days of 10, the scale off by up to ±0.4 kg (rounded to 0.1 kg).
  static func simulated(seed: UInt64, expenditure: Int, days: Int) -> (
    totals: [DigestTotals], weighIns: [(day: Int, kilograms: Double)]
  ) {
    var random = SplitMix64(seed: seed)
    var weight = 90.0
    var totals: [DigestTotals] = []
    var weighIns: [(day: Int, kilograms: Double)] = []
    for day in 0..<days {
      if day == 0 || random.next() % 10 < 7 {
        let measured = weight + Double(Int(random.next() % 81) - 40) / 100
        weighIns.append((day, (measured * 10).rounded() / 10))
      }
      let intake = 1700 + Int(random.next() % 601)
      if random.next() % 7 != 0 { totals.append(Self.day(day, calories: intake)) }
      weight += Double(intake - expenditure) / 7700
    }
    return (totals, weighIns)
  }

  /// The estimate, computed independently in floating point from the published formulas: the mean
  /// intake of the window's logged days minus the change of the trend (`BodyTrendTests.reference`)
  /// from the day before the window to its last day × 7 700 ÷ the window's days.
  static func reference(
    totals: [DigestTotals], weighIns: [(day: Int, kilograms: Double)], window: ClosedRange<Int>
  ) -> Double {
    let trend = BodyTrendTests.reference(weighIns.map { ($0.day, [$0.kilograms]) })
    let trendOn = { (day: Int) in trend.filter { $0.key <= day }.max { $0.key < $1.key }!.value }
    let logged = totals.filter { window.contains(Int($0.day) - Self.start.dayNumber) }
    let mean = logged.map { $0[.calories].doubleValue }.reduce(0, +) / Double(logged.count)
    return mean - (trendOn(window.upperBound) - trendOn(window.lowerBound - 1)) * 7700 / Double(window.count)
  }

  /// Twenty simulated people: each estimate equals the independent computation, and the band
  /// holds the simulated expenditure for at least 18 of them (the band sums half-widths of its
  /// sources: a rough 95 % interval, not a bound; seed 4's estimate is 103 kcal off with a band of ±79).
  @Test func theEstimateRecoversASimulatedExpenditureWithinItsBand() throws {
    let expenditure = 2450
    var withinBand = 0
    for seed in 1...20 as ClosedRange<UInt64> {
      let (totals, weighIns) = Self.simulated(seed: seed, expenditure: expenditure, days: 84)
      let trend = BodyTrend(
        weighIns.map { weighIn in
          BodyMeasurement(
            timestamp: Timestamp(
              localDate: Self.start.adding(days: weighIn.day), secondOfDay: 7 * 3600, utcOffsetSeconds: 0),
            weight: FixedDecimal(billionths: Int64((weighIn.kilograms * 10).rounded()) * 100_000_000), unit: .kg)
        }, zone: .asWritten, through: Self.start.adding(days: 83))
      let estimate = EnergyExpenditure(totals: totals, trend: trend, last: Self.start.adding(days: 83))
      let value = try #require(estimate.expenditure).doubleValue
      let band = try #require(estimate.band).halfWidth
      let independent = Self.reference(totals: totals, weighIns: weighIns, window: 56...83)
      // The trend's daily steps are rounded to the billionth of a kilogram: far below a hundredth of a kcal.
      #expect(abs(value - independent) < 0.01, "seed \(seed): estimate \(value), independent \(independent)")
      if abs(value - Double(expenditure)) <= band { withinBand += 1 }
    }
    #expect(withinBand >= 18, "the band held the simulated expenditure for \(withinBand) of 20")
  }
}
