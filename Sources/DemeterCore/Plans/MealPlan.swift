import DemeterFoundation
import DemeterJournal

/// A meal plan: what is meant to be eaten on the days of a period, meal by meal, stored as
/// `<journal>/plans/NAME.json` where NAME is the period's name (`MealPlan.name(of:)`, e.g.
/// `2026-W48`), in canonical form (`PlanEncoder`).
///
/// A decoded plan (`PlanDocument`) always keeps the rules of the file format: a fixed period, days
/// inside it in date order, each day's meals in `Meal.allCases` order, no empty meal, servings and
/// grams > 0.
public struct MealPlan: Sendable, Hashable {
  /// The days the plan is for.
  public var period: Period
  /// The planned days, in date order (a day of the period with nothing planned is left out).
  public var days: [PlanDay]

  public init(period: Period, days: [PlanDay]) {
    self.period = period
    self.days = days
  }

  /// The plan's name, also its file's name without `.json`: the day (`2026-11-23`), the ISO week
  /// (`2026-W48`, Monday to Sunday), the month (`2026-11`), else `FIRST..LAST`.
  public var name: String { Self.name(of: period) }

  /// The name of a plan for `period` (see `name`).
  public static func name(of period: Period) -> String {
    let (first, last) = (period.first, period.last)
    if first == last { return first.description }
    if first.weekday == 1, period.dayCount == 7 { return first.isoWeekLabel }
    if first.day == 1,
      last == first.adding(days: CivilDate.daysInMonth(year: first.year, month: first.month) - 1)
    {
      return CivilDate.pad(first.year, 4) + "-" + CivilDate.pad(first.month, 2)
    }
    return period.description
  }

  /// Every item with its day and meal, in plan order.
  public var items: [(date: CivilDate, meal: Meal, item: PlanItem)] {
    days.flatMap { day in day.meals.flatMap { meal in meal.items.map { (day.date, meal.meal, $0) } } }
  }
}

/// One planned day: its meals in `Meal.allCases` order, each with at least one item.
public struct PlanDay: Sendable, Hashable {
  public var date: CivilDate
  public var meals: [PlanMeal]

  public init(date: CivilDate, meals: [PlanMeal]) {
    self.date = date
    self.meals = meals
  }
}

/// One planned meal of a day and what it is made of, in order.
public struct PlanMeal: Sendable, Hashable {
  public var meal: Meal
  public var items: [PlanItem]

  public init(meal: Meal, items: [PlanItem]) {
    self.meal = meal
    self.items = items
  }
}

/// One thing planned for a meal.
public enum PlanItem: Sendable, Hashable {
  /// Servings of a recipe of the journal (`recipes/ID.json`); servings > 0.
  case recipe(id: String, servings: FixedDecimal)
  /// A food and its amount, as a recipe's ingredient is written: an ingredient id with grams or a
  /// household portion, or a free food with its values per 100 g and grams.
  case food(RecipeIngredient)
}
