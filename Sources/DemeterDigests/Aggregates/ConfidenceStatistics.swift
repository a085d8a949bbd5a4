import DemeterFoundation

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

  /// The histogram bin of a confidence in billionths (values outside 0…1 go to the nearest end bin).
  /// - Complexity: O(1).
  package static func bin(ofBillionths confidence: Int64) -> Int {
    let width = FixedDecimal.unitsPerOne / Int64(histogramBinCount)
    return Int(min(max(confidence / width, 0), Int64(histogramBinCount - 1)))
  }
}
