import DemeterFoundation
import DemeterJournal

/// The entries of a bucket that have one value of the dimension it is split by (manual: queries,
/// `--by`): how many, and the exact totals of the nutrients every entry states (`Nutrient.required`).
public struct BreakdownRow: Sendable, Hashable {
  /// The value (a meal, tag, food name, ingredient id, `mon`, `18:00`); nil: the entries with none.
  public var value: String?
  public var entries: Int
  /// The totals of `Nutrient.required`; every other nutrient's 0.
  public var totals: NutrientTotals

  public init(value: String?, entries: Int = 0, totals: NutrientTotals = NutrientTotals()) {
    self.value = value
    self.entries = entries
    self.totals = totals
  }

  /// Adds the entries of `other` (under this row's value).
  public mutating func add(_ other: BreakdownRow) {
    entries += other.entries
    for nutrient in Nutrient.required { totals[nutrient].add(other.totals[nutrient]) }
  }

  /// `rows` added up by value: one row per value, in order of first appearance.
  public static func summed(_ rows: some Sequence<BreakdownRow>) -> [BreakdownRow] {
    var positions: [String?: Int] = [:]
    var summed: [BreakdownRow] = []
    for row in rows {
      if let position = positions[row.value] {
        summed[position].add(row)
      } else {
        positions[row.value] = summed.count
        summed.append(row)
      }
    }
    return summed
  }
}
