@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension ConfidenceStatistics {
  /// Statistics from a bucket's totals and its confidences in ascending order.
  /// - Complexity: O(n) in the number of confidences.
  init(totals: DayTotal, sortedConfidences: [Int64]) {
    let n = sortedConfidences.count
    var median: Double?
    var p10: FixedDecimal?
    if n > 0 {
      let upperMiddle = Int128(sortedConfidences[n / 2])
      let lowerMiddle = Int128(sortedConfidences[(n - 1) / 2])
      median = ExactArithmetic.quotient(lowerMiddle + upperMiddle, 2 * ExactArithmetic.unit)
      p10 = FixedDecimal(billionths: sortedConfidences[(n + 9) / 10 - 1])
    }
    var histogram = [Int](repeating: 0, count: Self.histogramBinCount)
    for confidence in sortedConfidences { histogram[Self.bin(ofBillionths: confidence)] += 1 }
    self.init(
      count: n, sum: totals.confidenceSum,
      mean: ExactArithmetic.mean(totals.confidenceSum.billionths, count: n),
      calorieWeightedMean: totals.calories.billionths > 0
        ? ExactArithmetic.quotient(
          totals.confidenceCalorieProduct, totals.calories.billionths * ExactArithmetic.unit)
        : nil,
      minimum: sortedConfidences.first.map { FixedDecimal(billionths: $0) }, median: median, p10: p10,
      maximum: sortedConfidences.last.map { FixedDecimal(billionths: $0) },
      highCount: totals.highConfidenceEntries, mediumCount: totals.mediumConfidenceEntries,
      lowCount: totals.lowConfidenceEntries, lowConfidenceCalories: totals.lowConfidenceCalories,
      lowConfidenceCalorieShare: totals.calories.billionths > 0
        ? ExactArithmetic.quotient(totals.lowConfidenceCalories.billionths, totals.calories.billionths) : 0,
      histogram: histogram)
  }
}

extension NutrientTotals {
  /// The nutrient totals of combined day totals.
  init(_ total: DayTotal) {
    self.init { total[$0] }
  }
}

extension GoalProgress {
  /// `evaluate(_:tolerance:days:amount:)` of the logged days' totals.
  static func evaluate(
    _ goals: Goals, tolerance: FixedDecimal, loggedDays: [(date: CivilDate, total: DayTotal)]
  ) -> [GoalProgress] {
    evaluate(goals, tolerance: tolerance, days: loggedDays.map(\.date)) { loggedDays[$0].total[$1] }
  }
}
