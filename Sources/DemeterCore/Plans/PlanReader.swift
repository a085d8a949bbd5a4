import DemeterFoundation
import DemeterJournal

/// Decodes the JSON value of a plan file into a `MealPlan`, strictly: every key known (a typo gets
/// the nearest key suggested), a fixed period, dates inside it, meals among `Meal.allCases`, food
/// items read as a recipe's ingredients are (`RecipeReader`). Problems are collected with the byte
/// offset of their value, not stopped at the first.
struct PlanReader {
  /// Reads the values and collects the problems (shared with the ingredient items it reads).
  var values = RecipeReader()
  /// Where each item is written, by its place in the plan.
  var itemOffsets: [PlanItemPlace: Int] = [:]

  /// The top-level keys, in canonical order (`PlanEncoder` writes them so).
  static let keys = ["period", "days"]
  /// The keys of a recipe item, in canonical order.
  static let recipeKeys = ["recipe", "servings"]

  mutating func plan(_ value: JSONValue) -> MealPlan? {
    guard case .object(let object) = value else {
      values.fail(0, "a plan file must be one JSON object, like {\"period\":\"2026-W48\",\"days\":{…}}")
      return nil
    }
    let before = values.problems.count
    var period: Period?
    var days: [PlanDay] = []
    var daysOffsets: [(date: CivilDate, offset: Int)] = []
    for member in object.members {
      switch member.key {
      case "period": period = fixedPeriod(member)
      case "days": (days, daysOffsets) = self.days(member)
      default: values.unknown(member, known: Self.keys, in: "a plan")
      }
    }
    for key in Self.keys where object.member(key) == nil {
      values.fail(
        object.members.first?.keyOffset ?? 0,
        "a plan needs \"\(key)\" ("
          + (key == "period" ? "e.g. \"2026-W48\"" : "e.g. {\"2026-11-23\":{\"dinner\":[…]}}") + ")"
      )
    }
    if let period {
      for (date, offset) in daysOffsets where !period.contains(date) {
        values.fail(offset, "the day \(date) is outside the plan's period \(period)")
      }
    }
    guard values.problems.count == before, let period else { return nil }
    return MealPlan(period: period, days: days.sorted { $0.date < $1.date })
  }

  /// A period that does not depend on today: a day, an ISO week, a month, a year or `A..B`.
  private mutating func fixedPeriod(_ member: JSONMember) -> Period? {
    let example = "such as \"2026-W48\", \"2026-11\" or \"2026-11-23..2026-11-29\""
    guard case .string(let text) = member.value else {
      values.fail(
        member.valueOffset, "\"period\" must be a period \(example), found \(member.value.kindName)")
      return nil
    }
    // A period word relative to today (`this week`) reads differently on two days.
    let days = [CivilDate(dayNumber: 0), CivilDate(dayNumber: 40000)]
    let read = days.map { try? Period.parse(text, today: $0, weekStart: .monday) }
    guard let first = read[0], read[1] == first else {
      values.fail(
        member.valueOffset,
        "\"period\" must be a fixed period \(example) (got \(JSONWriter.quoted(text)); words such as "
          + "\"this week\" change meaning with the day)")
      return nil
    }
    return first
  }

  private mutating func days(_ member: JSONMember) -> ([PlanDay], [(CivilDate, Int)]) {
    guard case .object(let object) = member.value else {
      values.fail(
        member.valueOffset,
        "\"days\" must be an object of dates, like "
          + "{\"2026-11-23\":{\"dinner\":[{\"recipe\":\"chili\",\"servings\":1}]}}"
      )
      return ([], [])
    }
    var days: [PlanDay] = []
    var offsets: [(CivilDate, Int)] = []
    var seen = Set<CivilDate>()
    for dayMember in object.members {
      guard case .success(let date) = CivilDate.parse(dayMember.key) else {
        values.fail(dayMember.keyOffset, "a key of \"days\" must be a date such as \"2026-11-23\"")
        continue
      }
      guard seen.insert(date).inserted else {
        values.fail(dayMember.keyOffset, "the day \(date) is given twice")
        continue
      }
      offsets.append((date, dayMember.keyOffset))
      if let meals = meals(dayMember, date) { days.append(PlanDay(date: date, meals: meals)) }
    }
    return (days, offsets)
  }

  private mutating func meals(_ member: JSONMember, _ date: CivilDate) -> [PlanMeal]? {
    let mealNames = Meal.allCases.map(\.rawValue)
    guard case .object(let object) = member.value else {
      values.fail(
        member.valueOffset,
        "\"days.\(date)\" must be an object of meals (\(mealNames.joined(separator: ", ")))")
      return nil
    }
    var meals: [PlanMeal] = []
    for mealMember in object.members {
      guard let meal = Meal(rawValue: mealMember.key) else {
        values.unknown(mealMember, known: mealNames, in: "\"days.\(date)\"")
        continue
      }
      let name = "days.\(date).\(meal.rawValue)"
      guard case .array(let entries) = mealMember.value, !entries.isEmpty else {
        values.fail(
          mealMember.valueOffset,
          "\"\(name)\" must be a non-empty list such as [{\"recipe\":\"chili\",\"servings\":1}]")
        continue
      }
      var items: [PlanItem] = []
      for (index, entry) in entries.enumerated() {
        let itemName = "\(name)[\(index)]"
        guard case .object(let itemObject) = entry else {
          values.fail(
            mealMember.valueOffset,
            "\"\(itemName)\" must be an object like {\"recipe\":\"chili\",\"servings\":1}, "
              + "found \(entry.kindName)"
          )
          continue
        }
        let start = itemObject.members.first?.keyOffset ?? mealMember.valueOffset
        guard let item = item(itemObject, itemName, at: start) else { continue }
        itemOffsets[PlanItemPlace(date: date, meal: meal, index: items.count)] = start
        items.append(item)
      }
      if !items.isEmpty { meals.append(PlanMeal(meal: meal, items: items)) }
    }
    return meals.sorted { Meal.allCases.firstIndex(of: $0.meal)! < Meal.allCases.firstIndex(of: $1.meal)! }
  }

  private mutating func item(_ object: JSONObject, _ name: String, at start: Int) -> PlanItem? {
    guard object.member("recipe") != nil else {
      return values.ingredient(object, name, at: start).map { .food($0.ingredient) }
    }
    let before = values.problems.count
    var id: String?
    var servings: FixedDecimal?
    for member in object.members {
      switch member.key {
      case "recipe":
        guard let text = values.text(member, name + "."), Recipe.isValidID(text) else {
          if case .string = member.value {
            values.fail(member.valueOffset, "\"\(name).recipe\" must be a recipe id such as \"oat-banana\"")
          }
          continue
        }
        id = text
      case "servings": servings = values.number(member, name + ".", positive: true)
      default: values.unknown(member, known: Self.recipeKeys, in: "\"\(name)\" (a recipe item)")
      }
    }
    if object.member("servings") == nil {
      values.fail(start, "\"\(name)\" needs \"servings\" (how many servings of the recipe, e.g. 1)")
    }
    guard values.problems.count == before, let id, let servings else { return nil }
    return .recipe(id: id, servings: servings)
  }
}

/// Where an item is in a plan: its day, meal and position in the meal.
struct PlanItemPlace: Hashable {
  var date: CivilDate
  var meal: Meal
  var index: Int
}
