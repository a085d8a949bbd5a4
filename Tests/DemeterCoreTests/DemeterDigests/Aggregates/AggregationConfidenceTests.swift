import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct AggregationConfidenceTests {
  typealias F = AggregationFixture
  let day = F.range("2026-11-16", "2026-11-16")

  private func statistics(_ confidences: [String], options: AggregationOptions = AggregationOptions())
    -> ConfidenceStatistics
  {
    let rows = confidences.enumerated().map {
      F.entry("2026-11-16", id: "e\($0.offset)", confidence: $0.element)
    }
    return F.summary(rows, day, options: options).confidence
  }

  @Test func lowThresholdIsStrictAndHighIsInclusive() {
    let options = AggregationOptions(lowConfidence: F.decimal("0.6"), highConfidence: F.decimal("0.8"))
    let stats = statistics(["0.6", "0.599999999", "0.8", "0.799999999"], options: options)
    #expect(stats.lowCount == 1)
    #expect(stats.mediumCount == 2)
    #expect(stats.highCount == 1)
  }

  @Test func defaultThresholds() {
    let stats = statistics(["0.5", "0.49", "0.8", "0.79", "1"])
    #expect(stats.lowCount == 1)
    #expect(stats.mediumCount == 2)
    #expect(stats.highCount == 2)
  }

  @Test func orderStatisticsOnAnOddCount() {
    let stats = statistics(["0.3", "0.1", "0.5", "0.9", "0.7"])
    #expect(stats.count == 5)
    #expect(stats.minimum == F.decimal("0.1"))
    #expect(stats.maximum == F.decimal("0.9"))
    #expect(stats.median == 0.5)
    #expect(stats.p10 == F.decimal("0.1"))
    #expect(stats.mean == 0.5)
  }

  @Test func orderStatisticsOnAnEvenCount() {
    let stats = statistics(["0.8", "0.2", "0.6", "0.4"])
    #expect(stats.median == 0.5)
    #expect(stats.p10 == F.decimal("0.2"))
    #expect(stats.mean == 0.5)
  }

  @Test func tenthPercentileIsNearestRank() {
    // 10 values: rank ⌈1⌉ = 1; 11 values: rank ⌈1.1⌉ = 2; 20 values: rank 2; 21 values: rank 3.
    let values = (1...21).map { "0.\(String($0 + 10))" }  // 0.11 … 0.31, ascending
    #expect(statistics(Array(values.prefix(10))).p10 == F.decimal("0.11"))
    #expect(statistics(Array(values.prefix(11))).p10 == F.decimal("0.12"))
    #expect(statistics(Array(values.prefix(20))).p10 == F.decimal("0.12"))
    #expect(statistics(Array(values.prefix(21)).reversed()).p10 == F.decimal("0.13"))
    #expect(statistics(["0.7"]).p10 == F.decimal("0.7"))
    #expect(statistics(["0.7"]).median == 0.7)
  }

  @Test func histogramBinsAreTenthsWithOneInTheLastBin() {
    let stats = statistics(["0", "0.099999999", "0.1", "0.5", "0.899999999", "0.9", "0.999", "1"])
    #expect(stats.histogram == [2, 1, 0, 0, 0, 1, 0, 0, 1, 3])
    #expect(stats.histogram.reduce(0, +) == stats.count)
  }

  @Test func calorieWeightedMeanAndLowConfidenceShare() {
    let rows = [
      F.entry("2026-11-16", id: "a", calories: "100", confidence: "0.4"),
      F.entry("2026-11-16", id: "b", calories: "300", confidence: "0.9"),
    ]
    let summary = F.summary(rows, day)
    #expect(summary.confidence.calorieWeightedMean == 0.775)  // (40 + 270) / 400
    #expect(summary.confidence.mean == 0.65)
    #expect(summary.confidence.lowConfidenceCalories == F.sum("100"))
    #expect(summary.uncertainCalories == F.sum("100"))
    #expect(summary.confidence.lowConfidenceCalorieShare == 0.25)
  }

  @Test func zeroCaloriesHaveNoWeightedMean() {
    let stats = statistics(["0.4"]).calorieWeightedMean
    #expect(stats == 0.4)
    let rows = [F.entry("2026-11-16", id: "water", calories: "0", carbohydrates: "0", confidence: "0.3")]
    let summary = F.summary(rows, day)
    #expect(summary.confidence.calorieWeightedMean == nil)
    #expect(summary.confidence.lowConfidenceCalorieShare == 0)
    #expect(summary.confidence.mean == 0.3)
  }

  @Test func emptyBucketHasNoStatistics() {
    let stats = statistics([])
    #expect(stats.count == 0)
    #expect(stats.mean == nil && stats.median == nil && stats.p10 == nil)
    #expect(stats.minimum == nil && stats.maximum == nil && stats.calorieWeightedMean == nil)
    #expect(stats.histogram == [Int](repeating: 0, count: 10))
    #expect(stats.lowCount + stats.mediumCount + stats.highCount == 0)
  }

  /// A detail read back after day files changed can hold fewer values than the totals count: the
  /// median and p10 come from the values it has, never a crash.
  @Test func detailWithFewerValuesThanTheTotals() {
    var totals = DigestTotals(day: 0)
    totals.entries = 135
    var detail = DigestDetail()
    detail.confidences = [
      ConfidenceCount(value: 300_000_000, entries: 30), ConfidenceCount(value: 900_000_000, entries: 37),
    ]
    let stats = ConfidenceStatistics(totals, detail: detail)
    #expect(stats.median == 0.9)
    #expect(stats.p10 == F.decimal("0.3"))
    #expect(stats.histogram.reduce(0, +) == 67)
  }
}
