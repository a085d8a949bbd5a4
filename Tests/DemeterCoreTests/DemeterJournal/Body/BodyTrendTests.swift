import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct BodyTrendTests {
  static let zone = TimeZoneRule.asWritten

  static func weighIn(_ date: CivilDate, _ kilograms: FixedDecimal, hour: Int = 7) -> BodyMeasurement {
    BodyMeasurement(
      timestamp: Timestamp(localDate: date, secondOfDay: hour * 3600, utcOffsetSeconds: 0), weight: kilograms,
      unit: .kg)
  }

  static func kg(_ billionths: Int64) -> FixedDecimal { FixedDecimal(billionths: billionths) }

  static let start = CivilDate(year: 2026, month: 11, day: 1)!

  @Test func theFirstWeighInStartsTheTrendAndEachDayMovesItATenth() {
    let trend = BodyTrend(
      [
        Self.weighIn(Self.start, Self.kg(80_000_000_000)),
        Self.weighIn(Self.start.adding(days: 1), Self.kg(81_000_000_000)),
      ],
      zone: Self.zone)
    #expect(trend.days.map(\.trend) == [Self.kg(80_000_000_000), Self.kg(80_100_000_000)])
  }

  @Test func aGapCarriesTheTrendAndThenMovesItAsManyDailyStepsWould() {
    // 80 → 81 three days later: 80 + 0.1 + 0.09 + 0.081 = 80.271 (α₃ = 1 − 0.9³ = 0.271).
    let trend = BodyTrend(
      [
        Self.weighIn(Self.start, Self.kg(80_000_000_000)),
        Self.weighIn(Self.start.adding(days: 3), Self.kg(81_000_000_000)),
      ],
      zone: Self.zone, through: Self.start.adding(days: 5))
    #expect(
      trend.days.map(\.trend) == [
        Self.kg(80_000_000_000), Self.kg(80_000_000_000), Self.kg(80_000_000_000), Self.kg(80_271_000_000),
        Self.kg(80_271_000_000), Self.kg(80_271_000_000),
      ])
    #expect(trend.days.map(\.weighIns) == [1, 0, 0, 1, 0, 0])
    #expect(trend.day(Self.start.adding(days: -1)) == nil)
    #expect(trend.day(Self.start.adding(days: 6)) == nil)
  }

  @Test func severalWeighInsInADayCountAsTheirMeanRoundedHalfToEven() {
    let trend = BodyTrend(
      [
        Self.weighIn(Self.start, Self.kg(80_000_000_001), hour: 7),
        Self.weighIn(Self.start, Self.kg(80_000_000_002), hour: 21),
      ], zone: Self.zone)
    // (1 + 2) / 2 = 1.5 billionths → 2 (half to even).
    #expect(trend.days.map(\.weight) == [Self.kg(80_000_000_002)])
    #expect(trend.days.map(\.weighIns) == [2])
  }

  @Test func halfToEvenRoundsTiesToTheEvenNeighbourOnBothSides() {
    #expect(
      [15, 25, -15, -25, 14, 16, -14, -16].map { HalfEven.quotient(Int128($0), 10) } == [
        2, 2, -2, -2, 1, 2, -1, -2,
      ])
  }

  /// The published formula, computed independently in floating point: trend₀ = the first day's
  /// weight; a weigh-in day g days after the previous one, trend += α_g (weight − trend) with
  /// α_g = 1 − 0.9^g; other days carry the trend.
  static func reference(_ days: [(day: Int, weights: [Double])]) -> [Int: Double] {
    var trend: Double?
    var previous = 0
    var result: [Int: Double] = [:]
    for (day, weights) in days.sorted(by: { $0.day < $1.day }) {
      let weight = weights.reduce(0, +) / Double(weights.count)
      if let current = trend {
        let alpha = 1 - pow(0.9, Double(day - previous))
        trend = current + alpha * (weight - current)
      } else {
        trend = weight
      }
      previous = day
      result[day] = trend
    }
    return result
  }

  @Test(arguments: 1...40) func theTrendEqualsTheFormulaOnRandomSeriesWithGaps(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed))
    var series: [(day: Int, weights: [Double])] = []
    var day = 0
    var weight = Double(60 + random.next() % 60)
    for _ in 0..<(5 + Int(random.next() % 120)) {
      // Gaps of 1 to 5 days mostly, sometimes weeks or months (a long trip).
      let roll = random.next() % 20
      day +=
        roll < 16
        ? 1 + Int(random.next() % 5) : roll < 19 ? 7 + Int(random.next() % 14) : 40 + Int(random.next() % 300)
      weight += Double(Int(random.next() % 21) - 10) / 10
      let count = random.next() % 6 == 0 ? 2 + Int(random.next() % 2) : 1
      series.append((day, (0..<count).map { _ in weight + Double(Int(random.next() % 9) - 4) / 10 }))
    }
    let measurements = series.flatMap { entry in
      entry.weights.enumerated().map { index, weight in
        Self.weighIn(
          Self.start.adding(days: entry.day),
          FixedDecimal(billionths: Int64((weight * 10).rounded()) * 100_000_000),
          hour: 6 + index)
      }
    }
    let trend = BodyTrend(measurements, zone: Self.zone)
    let reference = Self.reference(
      series.map { ($0.day, $0.weights.map { ($0 * 10).rounded() / 10 }) })
    for (offset, expected) in reference {
      let day = try #require(trend.day(Self.start.adding(days: offset)))
      // Each daily step is rounded to the billionth of a kilogram: well within a microgram.
      #expect(abs(day.trend.doubleValue - expected) < 1e-6, "day \(offset)")
    }
  }

  /// A period's stretch of the trend (what the body report and the cohort's rows say) equals the
  /// same figures read off every day of the trend in the period, on random series with gaps and
  /// periods that start before the first weigh-in or end after the last.
  @Test(arguments: 1...20) func aStretchEqualsTheDaysOfItsPeriod(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &+ 1000)
    var measurements: [BodyMeasurement] = []
    var day = Int(random.next() % 10)
    for _ in 0..<(1 + Int(random.next() % 30)) {
      measurements.append(
        Self.weighIn(Self.start.adding(days: day), Self.kg(Int64(60_000 + random.next() % 40_000) * 1_000_000)))
      day += 1 + Int(random.next() % 6)
    }
    let trend = BodyTrend(measurements, zone: Self.zone, through: Self.start.adding(days: day + 5))
    for _ in 0..<10 {
      let first = Self.start.adding(days: Int(random.next() % UInt64(day + 10)) - 5)
      let period = Period(first: first, last: first.adding(days: Int(random.next() % 40)))
      let days = trend.days.filter { period.contains($0.date) }
      let stretch = trend.stretch(period)
      #expect(stretch.weighInDays == days.count { $0.weighIns > 0 })
      #expect(stretch.lastWeight == days.last { $0.weighIns > 0 }?.weight)
      #expect(stretch.first == days.first)
      #expect(stretch.last == days.last)
      if let first = days.first, let last = days.last {
        let change = last.trend.billionths - first.trend.billionths
        #expect(stretch.change == FixedDecimal(billionths: change))
        let span = last.date.dayNumber - first.date.dayNumber
        #expect(stretch.weeklyRate == (span > 0 ? ExactFraction(Int128(change) * 7, over: Int128(span) * 1_000_000_000) : nil))
      } else {
        #expect(stretch.change == nil)
      }
    }
  }
}
