import DemeterFoundation
import DemeterJournal

/// Planned against eaten, day by day and meal by meal, exact (`demeter-report plan PERIOD`).
///
/// - A planned meal is a day's meal with at least one plan item. It counts as **eaten** when the
///   journal has at least one entry that day naming that meal.
/// - A day counts as **within ±10 %** when its eaten kcal differ from its planned kcal by at most a
///   tenth of the planned kcal (planned days with planned kcal > 0 only).
/// - An **unplanned extra** is a day's meal (or the entries naming no meal) with entries but no
///   plan item.
/// - Days after today are upcoming: shown, but not counted in adherence.
public struct PlanComparison: Sendable {
  /// The figures compared: kcal, protein, carbohydrates, fat (`Nutrient.required`).
  public static let nutrients = Nutrient.required

  /// One meal of one day.
  public struct MealRow: Sendable {
    public var date: CivilDate
    /// The meal's name; nil for entries that name no meal.
    public var meal: String?
    public var plannedItems: Int
    /// By `nutrients`.
    public var planned: [ExactFraction]
    public var eatenEntries: Int
    /// By `nutrients`.
    public var eaten: [ExactFraction]
    /// Whether the day is after today.
    public var upcoming: Bool
  }

  /// One day, or a run of more than `Period.maximumEmptyRun` days with nothing planned or eaten
  /// (a gap row, as the day and range reports have).
  public struct DayRow: Sendable {
    /// The day, or the days of a gap row.
    public var range: Period
    public var planned: [ExactFraction]
    public var eaten: [ExactFraction]
    public var upcoming: Bool
    /// Whether eaten kcal are within ±10 % of planned; nil when nothing (no kcal) is planned.
    public var withinTolerance: Bool?
  }

  /// The meals with a plan item or an entry, by day, in `Meal.allCases` order, other meal names in
  /// byte order, then the entries naming no meal.
  public var meals: [MealRow]
  /// The days of the period, in order, runs of more than `Period.maximumEmptyRun` empty days as one
  /// gap row each.
  public var days: [DayRow]

  /// Planned meals on days up to today.
  public var plannedMeals: Int { meals.count { !$0.upcoming && $0.plannedItems > 0 } }
  /// Of those, the ones eaten.
  public var eatenPlannedMeals: Int {
    meals.count { !$0.upcoming && $0.plannedItems > 0 && $0.eatenEntries > 0 }
  }
  /// Days up to today with planned kcal.
  public var plannedDays: Int { days.count { !$0.upcoming && $0.withinTolerance != nil } }
  /// Of those, the ones within ±10 % of the planned kcal.
  public var daysWithinTolerance: Int { days.count { !$0.upcoming && $0.withinTolerance == true } }
  /// The meals with entries and no plan item.
  public var extras: [MealRow] { meals.filter { $0.plannedItems == 0 && $0.eatenEntries > 0 } }

  /// The eaten side: each day's entries summed by meal name (exact, `FixedSum`).
  public struct Eaten: Sendable {
    var meals: [Key: (entries: Int, sums: [FixedSum])] = [:]

    struct Key: Hashable {
      var day: Int
      var meal: String?
    }

    public init() {}

    /// Adds `entries` (each counted on its local date).
    public mutating func add(_ entries: [ExportedEntry]) {
      let nutrients = PlanComparison.nutrients
      for entry in entries {
        let key = Key(day: entry.row.timestamp.localDate.dayNumber, meal: entry.row.meal)
        var value = meals[key] ?? (0, Array(repeating: FixedSum(), count: nutrients.count))
        value.entries += 1
        let amounts = entry.row.amounts
        for (index, nutrient) in nutrients.enumerated() {
          value.sums[index] = value.sums[index] + FixedSum(billionths: Int128(amounts[nutrient]))
        }
        meals[key] = value
      }
    }
  }

  /// Compares the `planned` items of `period` with what was `eaten`; days after `today` are upcoming.
  /// The days are expanded as the day and range reports expand them (`Period.buckets(_:logged:)`).
  /// - Returns: nil when a sum is too large to compute exactly.
  /// - Complexity: O(planned items + eaten meals + day rows), whatever the length of `period`.
  public static func compare(planned: [PlannedItem], eaten: Eaten, period: Period, today: CivilDate)
    -> PlanComparison?
  {
    let zero = [ExactFraction](repeating: 0, count: nutrients.count)
    var plannedSums: [Eaten.Key: (items: Int, sums: [ExactFraction])] = [:]
    for item in planned where period.contains(item.date) {
      let key = Eaten.Key(day: item.date.dayNumber, meal: item.meal.rawValue)
      var value = plannedSums[key] ?? (0, zero)
      value.items += 1
      for (index, nutrient) in nutrients.enumerated() {
        guard let sum = value.sums[index] + (item.nutrition[nutrient] ?? 0) else { return nil }
        value.sums[index] = sum
      }
      plannedSums[key] = value
    }
    let order = Meal.allCases.map(\.rawValue)
    func rank(_ meal: String?) -> (Int, String) {
      guard let meal else { return (order.count + 1, "") }
      return (order.firstIndex(of: meal) ?? order.count, meal)
    }
    let keys = Set(plannedSums.keys).union(eaten.meals.keys.filter { period.dayNumbers.contains($0.day) })
    let sorted = keys.sorted { a, b in
      if a.day != b.day { return a.day < b.day }
      let (rankA, rankB) = (rank(a.meal), rank(b.meal))
      if rankA.0 != rankB.0 { return rankA.0 < rankB.0 }
      return rankA.1.utf8.lexicographicallyPrecedes(rankB.1.utf8)
    }
    var meals: [MealRow] = []
    for key in sorted {
      let plan = plannedSums[key]
      let ate = eaten.meals[key]
      meals.append(
        MealRow(
          date: CivilDate(dayNumber: key.day), meal: key.meal, plannedItems: plan?.items ?? 0,
          planned: plan?.sums ?? zero, eatenEntries: ate?.entries ?? 0,
          eaten: ate?.sums.map(ExactFraction.init) ?? zero, upcoming: key.day > today.dayNumber))
    }
    var days: [DayRow] = []
    var next = 0
    for range in period.buckets(.day, logged: sorted.lazy.map(\.day)) {
      var row = DayRow(
        range: range, planned: zero, eaten: zero, upcoming: range.first > today, withinTolerance: nil)
      while next < meals.count, meals[next].date <= range.last {
        let meal = meals[next]
        next += 1
        for index in zero.indices {
          guard let plannedSum = row.planned[index] + meal.planned[index],
            let eatenSum = row.eaten[index] + meal.eaten[index]
          else { return nil }
          (row.planned[index], row.eaten[index]) = (plannedSum, eatenSum)
        }
      }
      let (plannedKcal, eatenKcal) = (row.planned[0], row.eaten[0])
      if plannedKcal.numerator > 0 {
        guard let difference = eatenKcal - plannedKcal, let tenth = plannedKcal / 10 else { return nil }
        let magnitude = difference.numerator < 0 ? (0 - difference) : difference
        guard let magnitude, let excess = magnitude - tenth else { return nil }
        row.withinTolerance = excess.numerator <= 0
      }
      days.append(row)
    }
    return PlanComparison(meals: meals, days: days)
  }
}
