import DemeterFoundation
import DemeterJournal

extension ConfidenceStatistics {
  /// Statistics from a digest's totals and, when given, its detail's exact distribution of values;
  /// without the detail the median, p10 and histogram are left out (nil, empty).
  /// - Complexity: O(v) in the number of distinct values.
  package init(_ totals: DigestTotals, detail: DigestDetail?) {
    let n = Int(totals.entries)
    count = n
    sum = FixedSum(billionths: totals.confidenceSum)
    mean = ExactArithmetic.mean(totals.confidenceSum, count: n)
    let calories = totals.sums[Nutrient.calories.ordinal]
    calorieWeightedMean =
      calories > 0 ? ExactArithmetic.quotient(totals.confidenceCalories, calories * ExactArithmetic.unit) : nil
    minimum = n > 0 ? FixedDecimal(billionths: Int64(totals.lowestConfidence)) : nil
    maximum = n > 0 ? FixedDecimal(billionths: Int64(totals.highestConfidence)) : nil
    lowCount = Int(totals.lowConfidenceEntries)
    highCount = Int(totals.highConfidenceEntries)
    mediumCount = n - lowCount - highCount
    lowConfidenceCalories = FixedSum(billionths: totals.lowConfidenceCalories)
    lowConfidenceCalorieShare =
      calories > 0 ? ExactArithmetic.quotient(totals.lowConfidenceCalories, calories) : 0
    median = nil
    p10 = nil
    histogram = []
    guard let values = detail?.confidences else { return }
    // The distribution's own count: the same as the totals', unless day files changed or vanished
    // between reading the totals and reading the detail back from them.
    let counted = values.reduce(0) { $0 + Int($1.entries) }
    /// The value at 0-based position `rank` (below `counted`) of the sorted confidences.
    func value(at rank: Int) -> Int64 {
      var seen = 0
      for item in values {
        seen += Int(item.entries)
        if seen > rank { return Int64(item.value) }
      }
      preconditionFailure("rank \(rank) beyond \(counted) confidences")
    }
    if counted > 0 {
      median = ExactArithmetic.quotient(
        Int128(value(at: (counted - 1) / 2)) + Int128(value(at: counted / 2)), 2 * ExactArithmetic.unit)
      p10 = FixedDecimal(billionths: value(at: (counted + 9) / 10 - 1))
    }
    var bins = [Int](repeating: 0, count: Self.histogramBinCount)
    for item in values { bins[Self.bin(ofBillionths: Int64(item.value))] += Int(item.entries) }
    histogram = bins
  }
}
