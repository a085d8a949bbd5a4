import DemeterFoundation

/// One total per `GoalNutrient`, held in place (no array), so a value holding it is copied without
/// reference counting: a cohort's members are copied per bucket and person.
public struct GoalTotals: Sendable, Hashable, ExpressibleByArrayLiteral {
  public var calories: FixedSum
  public var protein: FixedSum
  public var carbohydrates: FixedSum
  public var fat: FixedSum

  /// The total `total(nutrient)` of each goal nutrient.
  public init(_ total: (GoalNutrient) -> FixedSum) {
    calories = total(.calories)
    protein = total(.protein)
    carbohydrates = total(.carbohydrates)
    fat = total(.fat)
  }

  /// One total per goal nutrient, in `GoalNutrient` order.
  public init(arrayLiteral totals: FixedSum...) {
    precondition(totals.count == GoalNutrient.allCases.count, "a total per goal nutrient")
    self.init { totals[$0.index] }
  }

  public subscript(nutrient: GoalNutrient) -> FixedSum {
    nutrient.select(calories, protein, carbohydrates, fat)
  }
}
