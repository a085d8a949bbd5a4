/// How sure the parser was about a bucket's entries (manual: reports).
///
/// Order statistics use the sorted confidences c₁ ≤ … ≤ cₙ. The median is c₍ₙ₊₁₎/₂ for odd n and the
/// mean of the two middle values for even n. The 10th percentile uses the **nearest-rank** method:
/// c_k with k = ⌈n / 10⌉, always one of the observed values.
public struct ConfidenceStatistics: Sendable, Hashable {
  /// The number of histogram bins: tenths of the unit interval.
  public static let histogramBinCount = 10

  /// The number of entries described.
  public var count: Int
  /// The exact sum of the confidences (the mean's numerator).
  public var sum: FixedSum
  /// The mean confidence, from the exact sum; nil without entries.
  public var mean: Double?
  /// Σ confidence × calories / Σ calories, from exact sums; nil when the entries have no calories.
  public var calorieWeightedMean: Double?
  public var minimum: FixedDecimal?
  public var median: Double?
  /// The nearest-rank 10th percentile.
  public var p10: FixedDecimal?
  public var maximum: FixedDecimal?
  /// Entries with confidence ≥ the high threshold.
  public var highCount: Int
  /// Entries that are neither low nor high.
  public var mediumCount: Int
  /// Entries with confidence < the low threshold (strictly).
  public var lowCount: Int
  /// The calories of low-confidence entries: the uncertain part of the energy total.
  public var lowConfidenceCalories: FixedSum
  /// `lowConfidenceCalories` as a share of all calories (0 when there are none).
  public var lowConfidenceCalorieShare: Double
  /// Entry counts per tenth: bin i holds [i/10, (i+1)/10), and the last bin also holds 1.0.
  public var histogram: [Int]

  /// Statistics from a bucket's totals and its confidences in ascending order.
  /// - Complexity: O(n) in the number of confidences.
  init(totals: DayTotal, sortedConfidences: [Int64]) {
    let n = sortedConfidences.count
    count = n
    sum = totals.confidenceSum
    mean = ExactArithmetic.mean(totals.confidenceSum.billionths, count: n)
    calorieWeightedMean =
      totals.calories.billionths > 0
      ? ExactArithmetic.quotient(
        totals.confidenceCalorieProduct, totals.calories.billionths * ExactArithmetic.unit)
      : nil
    minimum = sortedConfidences.first.map { FixedDecimal(billionths: $0) }
    maximum = sortedConfidences.last.map { FixedDecimal(billionths: $0) }
    if n == 0 {
      median = nil
      p10 = nil
    } else {
      let upperMiddle = Int128(sortedConfidences[n / 2])
      let lowerMiddle = Int128(sortedConfidences[(n - 1) / 2])
      median = ExactArithmetic.quotient(lowerMiddle + upperMiddle, 2 * ExactArithmetic.unit)
      p10 = FixedDecimal(billionths: sortedConfidences[(n + 9) / 10 - 1])
    }
    highCount = totals.highConfidenceEntries
    mediumCount = totals.mediumConfidenceEntries
    lowCount = totals.lowConfidenceEntries
    lowConfidenceCalories = totals.lowConfidenceCalories
    lowConfidenceCalorieShare =
      totals.calories.billionths > 0
      ? ExactArithmetic.quotient(totals.lowConfidenceCalories.billionths, totals.calories.billionths) : 0
    histogram = Self.histogram(of: sortedConfidences)
  }

  /// The histogram bin of a confidence in billionths (values outside 0…1 go to the nearest end bin).
  /// - Complexity: O(1).
  static func bin(ofBillionths confidence: Int64) -> Int {
    let width = FixedDecimal.unitsPerOne / Int64(histogramBinCount)
    return Int(min(max(confidence / width, 0), Int64(histogramBinCount - 1)))
  }

  private static func histogram(of confidences: [Int64]) -> [Int] {
    var bins = [Int](repeating: 0, count: histogramBinCount)
    for confidence in confidences { bins[bin(ofBillionths: confidence)] += 1 }
    return bins
  }
}
