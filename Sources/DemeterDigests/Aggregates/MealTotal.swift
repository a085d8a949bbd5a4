import DemeterFoundation

/// One meal's share of a bucket.
public struct MealTotal: Sendable, Hashable {
  /// The meal as written, or nil for entries that name no meal ("unspecified").
  public var meal: String?
  public var entries: Int
  public var calories: FixedSum
  /// The meal's share of the bucket's calories; nil when the bucket has none (set by `breakdown`).
  public var calorieShare: Double?

  public init(meal: String?, entries: Int, calories: FixedSum, calorieShare: Double? = nil) {
    self.meal = meal
    self.entries = entries
    self.calories = calories
    self.calorieShare = calorieShare
  }

  /// The breakdown of a bucket by meal: the meals of `order` first in that order, other meal names
  /// in code point order, then the entries without a meal — listed only when some entry names a
  /// meal — each with its share of the bucket's calories (those of all of them). Empty when no
  /// entry names a meal.
  /// - Complexity: O(m log m + m·k) for m meal names and k names in `order`.
  package static func breakdown(named: [MealTotal], unspecified: MealTotal, order: [String]) -> [MealTotal] {
    guard !named.isEmpty else { return [] }
    let total = named.reduce(unspecified.calories) { $0 + $1.calories }
    func shared(_ meal: MealTotal) -> MealTotal {
      var meal = meal
      meal.calorieShare = total.billionths == 0 ? nil : meal.calories.doubleValue / total.doubleValue
      return meal
    }
    func rank(_ meal: String) -> Int { order.firstIndex(of: meal) ?? order.count }
    let sorted = named.sorted { a, b in
      let (rankA, rankB) = (rank(a.meal ?? ""), rank(b.meal ?? ""))
      if rankA != rankB { return rankA < rankB }
      return ExactArithmetic.precedes(a.meal ?? "", b.meal ?? "")
    }
    return (unspecified.entries > 0 ? sorted + [unspecified] : sorted).map(shared)
  }
}
