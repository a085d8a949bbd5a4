import DemeterFoundation
import DemeterJournal

/// The totals part of a day digest (manual: architecture): counts and exact sums, everything a bucket row shows,
/// of a fixed size whatever the entries. Merging is exact, associative and commutative.
public struct DigestTotals: Sendable, Hashable {
  /// `CivilDate.dayNumber` of the date (of the first date, for a merge of several).
  public var day: Int32
  public var entries: Int32 = 0
  /// Entries below the rules' low-confidence threshold.
  public var lowConfidenceEntries: Int32 = 0
  /// Entries at or above the rules' high-confidence threshold.
  public var highConfidenceEntries: Int32 = 0
  /// The smallest and largest confidence, in billionths (meaningless without entries).
  public var lowestConfidence: Int32 = .max
  public var highestConfidence: Int32 = .min
  /// Entries to review (a reason of `DigestRules.toReview`, not marked reviewed).
  public var needsReview: Int32 = 0
  /// Entries whose calories are unlike 4·protein + 4·carbohydrates + 9·fat.
  public var energyInconsistent: Int32 = 0
  /// Sums in billionths, by `Nutrient.ordinal`.
  public var sums = NutrientSums()
  /// Σ confidence, in billionths.
  public var confidenceSum: Int128 = 0
  /// Σ confidence × calories, in units of 10⁻¹⁸.
  public var confidenceCalories: Int128 = 0
  /// The calories of low-confidence entries.
  public var lowConfidenceCalories: Int128 = 0

  public init(day: Int32) {
    self.day = day
  }

  public var date: CivilDate { CivilDate(dayNumber: Int(day)) }

  /// The sum of one nutrient.
  public subscript(nutrient: Nutrient) -> FixedSum { FixedSum(billionths: sums[nutrient.ordinal]) }

  /// Adds one entry's nutrient amounts and confidence (its flags are counted by the caller).
  package mutating func add(_ amounts: NutrientAmounts, confidence: Int64, rules: DigestRules) {
    for ordinal in sums.indices { sums[ordinal] += Int128(amounts[ordinal: ordinal]) }
    addEntry(calories: amounts[.calories], confidence: confidence, rules: rules)
  }

  /// Counts one entry of `calories` and its confidence, leaving the nutrient sums to the caller.
  @inline(__always)
  package mutating func addEntry(calories: Int64, confidence: Int64, rules: DigestRules) {
    let (confidence32, calories) = (Int32(truncatingIfNeeded: confidence), Int128(calories))
    entries += 1
    lowestConfidence = min(lowestConfidence, confidence32)
    highestConfidence = max(highestConfidence, confidence32)
    confidenceSum += Int128(confidence)
    confidenceCalories += Int128(confidence) * calories
    if confidence < rules.lowConfidence.billionths {
      lowConfidenceEntries += 1
      lowConfidenceCalories += calories
    } else if confidence >= rules.highConfidence.billionths {
      highConfidenceEntries += 1
    }
  }

  /// Adds the totals of `other` (the date stays this one's).
  /// - Complexity: O(1) (one step per nutrient).
  public mutating func merge(_ other: DigestTotals) {
    entries += other.entries
    lowConfidenceEntries += other.lowConfidenceEntries
    highConfidenceEntries += other.highConfidenceEntries
    lowestConfidence = min(lowestConfidence, other.lowestConfidence)
    highestConfidence = max(highestConfidence, other.highestConfidence)
    needsReview += other.needsReview
    energyInconsistent += other.energyInconsistent
    sums += other.sums
    confidenceSum += other.confidenceSum
    confidenceCalories += other.confidenceCalories
    lowConfidenceCalories += other.lowConfidenceCalories
  }
}
