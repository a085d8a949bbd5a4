@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The totals of one day's entries: the unit every larger bucket is built from (manual: architecture).
///
/// Everything here adds up exactly and in any order, so a week is the sum of its days.
public struct DayTotal: Sendable, Hashable {
  public var entries = 0
  /// Each nutrient's total, by `Nutrient.ordinal`.
  public var nutrients = [FixedSum](repeating: FixedSum(), count: Nutrient.all.count)
  /// The sum of the entries' confidences.
  public var confidenceSum = FixedSum()
  /// Σ confidence × calories, in units of 10⁻¹⁸ (billionths times billionths), for weighted means.
  public var confidenceCalorieProduct: Int128 = 0
  /// The lowest and highest confidence in billionths (`Int64.max` / `Int64.min` while empty).
  var minimumConfidenceBillionths = Int64.max
  var maximumConfidenceBillionths = Int64.min
  public var lowConfidenceEntries = 0
  public var mediumConfidenceEntries = 0
  public var highConfidenceEntries = 0
  /// The calories of low-confidence entries (the uncertain part of `calories`).
  public var lowConfidenceCalories = FixedSum()

  public init() {}

  /// The lowest confidence, or nil for a day without entries.
  public var minimumConfidence: FixedDecimal? {
    entries == 0 ? nil : FixedDecimal(billionths: minimumConfidenceBillionths)
  }

  /// The highest confidence, or nil for a day without entries.
  public var maximumConfidence: FixedDecimal? {
    entries == 0 ? nil : FixedDecimal(billionths: maximumConfidenceBillionths)
  }

  /// The total of a nutrient that goals are set for.
  public subscript(nutrient: GoalNutrient) -> FixedSum { self[nutrient.nutrient] }

  /// The total of `nutrient`.
  public subscript(nutrient: Nutrient) -> FixedSum { nutrients[nutrient.ordinal] }

  public var calories: FixedSum { self[Nutrient.calories] }
  public var protein: FixedSum { self[Nutrient.protein] }
  public var carbohydrates: FixedSum { self[Nutrient.carbohydrates] }
  public var fat: FixedSum { self[Nutrient.fat] }

  /// Adds another day's (or bucket's) totals to these.
  /// - Complexity: O(1).
  public mutating func add(_ other: DayTotal) {
    entries += other.entries
    for ordinal in nutrients.indices { nutrients[ordinal].add(other.nutrients[ordinal]) }
    confidenceSum.add(other.confidenceSum)
    confidenceCalorieProduct += other.confidenceCalorieProduct
    minimumConfidenceBillionths = min(minimumConfidenceBillionths, other.minimumConfidenceBillionths)
    maximumConfidenceBillionths = max(maximumConfidenceBillionths, other.maximumConfidenceBillionths)
    lowConfidenceEntries += other.lowConfidenceEntries
    mediumConfidenceEntries += other.mediumConfidenceEntries
    highConfidenceEntries += other.highConfidenceEntries
    lowConfidenceCalories.add(other.lowConfidenceCalories)
  }
}

/// Per-day totals of a table over a range of days, built by one scan over the columns.
///
/// Only days between the table's first and last entry are stored; any other day reads as empty, so a
/// very long requested range costs nothing beyond the data.
public struct DayTotals: Sendable {
  /// The day number of `totals[0]`.
  public let firstDayNumber: Int
  /// The totals of consecutive days starting at `firstDayNumber`.
  public let totals: [DayTotal]

  /// Totals of every day in `range`; confidence classes follow `options`.
  /// - Complexity: O(n) in the number of table rows.
  public init(table: EntryTable, covering range: Period, options: AggregationOptions) {
    var lowest = Int32.max
    var highest = Int32.min
    for day in table.day {
      lowest = min(lowest, day)
      highest = max(highest, day)
    }
    let first = max(range.first.dayNumber, Int(lowest))
    let last = min(range.last.dayNumber, Int(highest))
    firstDayNumber = first
    guard first <= last else {
      totals = []
      return
    }
    var totals = [DayTotal](repeating: DayTotal(), count: last - first + 1)
    let low = options.lowConfidence.billionths
    let high = options.highConfidence.billionths
    let columns = Nutrient.all.map { table.amounts(of: $0) }
    let allCalories = columns[Nutrient.calories.ordinal]
    totals.withUnsafeMutableBufferPointer { days in
      for row in table.day.indices {
        let offset = Int(table.day[row]) - first
        guard offset >= 0, offset < days.count else { continue }
        let calories = allCalories[row]
        let confidence = table.confidence[row]
        days[offset].entries += 1
        for (ordinal, column) in columns.enumerated() {
          days[offset].nutrients[ordinal].billionths += Int128(column[row])
        }
        days[offset].confidenceSum.billionths += Int128(confidence)
        days[offset].confidenceCalorieProduct += Int128(confidence) * Int128(calories)
        days[offset].minimumConfidenceBillionths = min(days[offset].minimumConfidenceBillionths, confidence)
        days[offset].maximumConfidenceBillionths = max(days[offset].maximumConfidenceBillionths, confidence)
        if confidence < low {
          days[offset].lowConfidenceEntries += 1
          days[offset].lowConfidenceCalories.billionths += Int128(calories)
        } else if confidence >= high {
          days[offset].highConfidenceEntries += 1
        } else {
          days[offset].mediumConfidenceEntries += 1
        }
      }
    }
    self.totals = totals
  }

  /// The totals of the day numbered `dayNumber` (empty when nothing was logged or it is not stored).
  /// - Complexity: O(1).
  public subscript(dayNumber dayNumber: Int) -> DayTotal {
    let offset = dayNumber - firstDayNumber
    return offset >= 0 && offset < totals.count ? totals[offset] : DayTotal()
  }

  /// The totals of `date`.
  public subscript(date: CivilDate) -> DayTotal { self[dayNumber: date.dayNumber] }

  /// The stored day numbers that fall in `dayNumbers` (possibly empty).
  func storedDays(in dayNumbers: ClosedRange<Int>) -> Range<Int> {
    let lower = max(dayNumbers.lowerBound, firstDayNumber)
    let upper = min(dayNumbers.upperBound + 1, firstDayNumber + totals.count)
    return lower < upper ? lower..<upper : lower..<lower
  }
}
