import DemeterJournal

/// One value of a dimension a day digest is split by (`DigestRules.breakdown`): its entries and the
/// exact sums of the nutrients every entry states (`Nutrient.required`, what a breakdown row shows),
/// the value a code into the digest set's `names` (-1: the entries with no value).
public struct BreakdownTally: Sendable, Hashable {
  /// The nutrients summed, in this order.
  public static let nutrients = Nutrient.required

  public var code: Int32
  public var entries: Int32 = 0
  /// By nutrient ordinal, those of `nutrients` (the others stay 0); held in place, so a tally is
  /// made, read back and merged without an allocation.
  private var sums = NutrientSums()

  public init(code: Int32) {
    self.code = code
  }

  /// The exact sum of the nutrient at `position` of `nutrients`, in billionths.
  public internal(set) subscript(sumAt position: Int) -> Int128 {
    get { sums[Self.nutrients[position].ordinal] }
    set { sums[Self.nutrients[position].ordinal] = newValue }
  }

  /// Counts one entry of `amounts`.
  mutating func add(_ amounts: NutrientAmounts) {
    entries += 1
    for nutrient in Self.nutrients { sums[nutrient.ordinal] += Int128(amounts[nutrient]) }
  }

  /// Adds another tally of the same value.
  public mutating func add(_ other: BreakdownTally) {
    entries += other.entries
    sums += other.sums
  }
}
