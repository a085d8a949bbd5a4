import DemeterFoundation

/// Writes a plan in its canonical form, so that a file changes only where the plan did and git
/// diffs stay small: `"period"` (the plan's name, `MealPlan.name`) then `"days"`; each day on a
/// line of its own in date order, each of its meals on a line in `Meal.allCases` order with its
/// items compact (`JSONWriter`, items as `RecipeEncoder` writes ingredients); numbers in their
/// shortest exact form; two-space indents; a final newline. Decoding the bytes gives the plan back,
/// and encoding that gives the same bytes.
public enum PlanEncoder {
  /// The canonical bytes of `plan`.
  public static func bytes(_ plan: MealPlan) -> [UInt8] {
    Array(text(plan).utf8)
  }

  /// The canonical text of `plan`.
  public static func text(_ plan: MealPlan) -> String {
    var output = "{\n  \"period\": "
    JSONWriter.writeQuoted(plan.name, into: &output)
    output += ",\n  \"days\": {"
    for (dayIndex, day) in plan.days.enumerated() {
      output += dayIndex == 0 ? "\n    " : ",\n    "
      JSONWriter.writeQuoted(day.date.description, into: &output)
      output += ": {"
      for (mealIndex, meal) in day.meals.enumerated() {
        output += mealIndex == 0 ? "\n      " : ",\n      "
        JSONWriter.writeQuoted(meal.meal.rawValue, into: &output)
        output += ": "
        JSONWriter.write(.array(meal.items.map(value)), into: &output)
      }
      output += "\n    }"
    }
    output += plan.days.isEmpty ? "}\n" : "\n  }\n"
    return output + "}\n"
  }

  private static func value(_ item: PlanItem) -> JSONValue {
    switch item {
    case .recipe(let id, let servings):
      return RecipeEncoder.object([("recipe", .string(id)), ("servings", RecipeEncoder.number(servings))])
    case .food(let food):
      return RecipeEncoder.value(food)
    }
  }
}
