import DemeterFoundation
import DemeterJournal

/// Daily targets a person set (manual: journal config `goals`); each one is optional.
public struct Goals: Sendable, Hashable {
  /// kcal per day.
  public var calories: FixedDecimal?
  /// Grams of protein per day.
  public var protein: FixedDecimal?
  /// Grams of carbohydrates per day.
  public var carbohydrates: FixedDecimal?
  /// Grams of fat per day.
  public var fat: FixedDecimal?

  public init(
    calories: FixedDecimal? = nil, protein: FixedDecimal? = nil, carbohydrates: FixedDecimal? = nil,
    fat: FixedDecimal? = nil
  ) {
    self.calories = calories
    self.protein = protein
    self.carbohydrates = carbohydrates
    self.fat = fat
  }

  /// Whether no goal is set.
  public var isEmpty: Bool { calories == nil && protein == nil && carbohydrates == nil && fat == nil }

  /// The goal for `nutrient`, if set.
  public subscript(nutrient: GoalNutrient) -> FixedDecimal? {
    get { nutrient.select(calories, protein, carbohydrates, fat) }
    set {
      switch nutrient {
      case .calories: calories = newValue
      case .protein: protein = newValue
      case .carbohydrates: carbohydrates = newValue
      case .fat: fat = newValue
      }
    }
  }
}

/// A nutrient a goal can be set for, in report order.
public enum GoalNutrient: String, Sendable, Hashable, CaseIterable {
  case calories, protein, carbohydrates, fat

  /// The entry nutrient the goal is for.
  public var nutrient: Nutrient { Self.nutrients[index] }

  /// The one of `calories`, `protein`, `carbohydrates` and `fat` that is for this nutrient.
  @inline(__always)
  public func select<Value>(_ calories: Value, _ protein: Value, _ carbohydrates: Value, _ fat: Value)
    -> Value
  {
    switch self {
    case .calories: calories
    case .protein: protein
    case .carbohydrates: carbohydrates
    case .fat: fat
    }
  }

  /// The position in `GoalNutrient.allCases`.
  public var index: Int { Self.ordered.firstIndex(of: self)! }

  /// `allCases`, made once.
  private static let ordered = allCases
  /// The entry nutrient of each case, in `allCases` order.
  private static let nutrients = ordered.map { goal in Nutrient.all.first { $0.key == goal.rawValue }! }
}

/// Where a day stands against a goal.
public enum GoalStatus: String, Sendable, Hashable {
  /// Below the goal by more than the tolerance.
  case under
  /// Within the tolerance of the goal (inclusive).
  case within
  /// Above the goal by more than the tolerance.
  case over

  /// Where a daily average of `total` over `days` stands against `goal`: within when
  /// |total/days − goal| ≤ tolerance × goal, exactly (with a goal of 0 only 0 is within). The one
  /// rule for days, people's averages and the bars of charts (manual: reports).
  public init(total: FixedSum, days: Int, goal: FixedDecimal, tolerance: FixedDecimal) {
    precondition(days > 0, "a goal status needs a logged day")
    // |S/d − g| ≤ t·g  ⇔  |S − d·g| ≤ t·(d·g).
    let target = Int128(goal.billionths) * Int128(days)
    let difference = total.billionths - target
    if !ExactArithmetic.exceeds(difference.magnitude, fraction: tolerance, of: target.magnitude) {
      self = .within
    } else {
      self = difference > 0 ? .over : .under
    }
  }
}

/// One logged day against one goal.
public struct GoalDay: Sendable, Hashable {
  public var date: CivilDate
  /// What the day's entries add up to.
  public var amount: FixedSum
  /// `amount − goal`: positive over, negative under.
  public var difference: FixedSum
  public var status: GoalStatus
}

/// How the logged days of a bucket compare with one goal.
public struct GoalProgress: Sendable, Hashable {
  public var nutrient: GoalNutrient
  public var goal: FixedDecimal
  /// One element per logged day, in date order.
  public var days: [GoalDay]
  public var daysUnder: Int
  public var daysWithin: Int
  public var daysOver: Int

  /// Compares the logged `days` with every set goal, reading day `index`'s amount of a nutrient
  /// from `amount(index, nutrient)`.
  package static func evaluate(
    _ goals: Goals, tolerance: FixedDecimal, days: [CivilDate], amount: (Int, GoalNutrient) -> FixedSum
  ) -> [GoalProgress] {
    GoalNutrient.allCases.compactMap { nutrient in
      guard let goal = goals[nutrient] else { return nil }
      var progress = GoalProgress(
        nutrient: nutrient, goal: goal, days: [], daysUnder: 0, daysWithin: 0, daysOver: 0)
      progress.days.reserveCapacity(days.count)
      for (index, date) in days.enumerated() {
        let amount = amount(index, nutrient)
        let status = GoalStatus(total: amount, days: 1, goal: goal, tolerance: tolerance)
        switch status {
        case .within: progress.daysWithin += 1
        case .over: progress.daysOver += 1
        case .under: progress.daysUnder += 1
        }
        progress.days.append(
          GoalDay(
            date: date, amount: amount,
            difference: FixedSum(billionths: amount.billionths - Int128(goal.billionths)),
            status: status))
      }
      return progress
    }
  }
}
