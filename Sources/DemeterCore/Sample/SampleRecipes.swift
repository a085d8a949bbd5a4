import DemeterFoundation
import DemeterJournal

/// The recipes and the meal plan of the built-in sample journal: a few dishes made of the sample's
/// USDA foods (`SampleFoods`), in two recipe books, some with notes, and a plan for the sample's
/// last seven days; entries of those days are logged from the recipes (`SampleJournal`).
enum SampleRecipes {
  static let all: [Recipe] = [
    Recipe(
      id: "oat-banana", title: "Oats with banana", servings: decimal("2"),
      ingredients: [food("usda-sr-08120", "80"), food("usda-sr-09040", "118"), food("usda-sr-01077", "244")],
      dietaryFlags: [.vegetarian],
      instructions: ["Simmer the oats in the milk for five minutes.", "Slice the banana on top."],
      tags: ["breakfast", "quick"], books: ["Mornings"],
      notes: [
        RecipeNote(text: "Half the milk as water works too.", pinned: true, created: date("2026-10-30"))
      ]),
    Recipe(
      id: "chicken-rice-bowl", title: "Chicken rice bowl", servings: decimal("2"),
      ingredients: [
        food("usda-sr-05062", "300"), food("usda-sr-20445", "316"), food("usda-sr-11090", "182"),
        food("usda-sr-04053", "13.5"),
      ],
      instructions: ["Sear the chicken in the oil.", "Steam the broccoli.", "Serve over the rice."],
      tags: ["dinner"], books: ["Weeknights"]),
    Recipe(
      id: "salmon-sweet-potato", title: "Salmon with sweet potato", servings: decimal("2"),
      ingredients: [
        food("usda-sr-15076", "340"), food("usda-sr-11507", "260"), food("usda-sr-04053", "13.5"),
      ],
      dietaryFlags: [.glutenFree],
      instructions: ["Roast the sweet potato for 30 minutes.", "Bake the salmon for 12."],
      tags: ["dinner", "fish"], books: ["Weeknights"],
      notes: [RecipeNote(text: "Good with lemon.", created: date("2026-11-08"))]),
    Recipe(
      id: "chickpea-salad", title: "Chickpea salad", servings: decimal("2"),
      ingredients: [
        food("usda-sr-16056", "100"), food("usda-sr-11529", "246"), food("usda-sr-11124", "128"),
        food("usda-sr-04053", "13.5"),
      ],
      dietaryFlags: [.vegetarian, .vegan, .glutenFree, .dairyFree, .nutFree],
      instructions: ["Soak and cook the chickpeas.", "Toss with the chopped vegetables and the oil."],
      tags: ["lunch"], books: ["Weeknights"]),
  ]

  /// What the plan has for each meal on day `index` (0–6) of the planned week, and what the sample
  /// person logs instead: recipes eaten as planned, a skipped breakfast, a dinner and a lunch eaten
  /// differently.
  static func planned(dayIndex index: Int) -> [(meal: Meal, items: [PlanItem])] {
    var meals: [(Meal, [PlanItem])] = [(.breakfast, [.recipe(id: "oat-banana", servings: decimal("1"))])]
    if index % 2 == 0 { meals.append((.lunch, [.recipe(id: "chickpea-salad", servings: decimal("1"))])) }
    let dinner = index % 2 == 0 ? "chicken-rice-bowl" : "salmon-sweet-potato"
    meals.append((.dinner, [.recipe(id: dinner, servings: decimal(index == 6 ? "1.5" : "1"))]))
    var snack: [PlanItem] = [.food(food("usda-sr-09003", "182"))]
    if index == 3 {
      snack.append(
        .food(
          RecipeIngredient(
            food: .free(
              name: "protein bar",
              per100g: FoodValues([
                .calories: decimal("360"), .protein: decimal("30"), .carbohydrates: decimal("40"),
                .fat: decimal("9"),
              ])),
            amount: .grams(decimal("60")))))
    }
    meals.append((.snack, snack))
    return meals
  }

  /// What the sample person logs from the plan on day `index` of the planned week, by meal: the
  /// recipe and servings (the meal's random foods are logged instead when nil, nothing when the
  /// meal is skipped).
  static func logged(dayIndex index: Int, meal: Meal) -> (recipe: Recipe, servings: FixedDecimal)?? {
    switch meal {
    case .breakfast:
      if index == 5 { return .some(nil) }
      return index == 2 ? nil : (all[0], decimal("1"))
    case .lunch:
      return index == 0 || index == 4 ? (all[3], decimal("1")) : nil
    case .dinner:
      if index == 4 { return nil }
      return (index % 2 == 0 ? all[1] : all[2], decimal(index == 6 ? "1.5" : "1"))
    case .snack:
      return nil
    }
  }

  /// The plan for the seven days ending on `lastDay`.
  static func plan(endingOn lastDay: CivilDate) -> MealPlan {
    let first = lastDay.adding(days: -6)
    return MealPlan(
      period: Period(first: first, last: lastDay),
      days: (0..<7).map { index in
        PlanDay(
          date: first.adding(days: index),
          meals: planned(dayIndex: index).map { PlanMeal(meal: $0.meal, items: $0.items) })
      })
  }

  private static func food(_ id: String, _ grams: String) -> RecipeIngredient {
    RecipeIngredient(food: .ingredient(id: id), amount: .grams(decimal(grams)))
  }

  private static func decimal(_ text: String) -> FixedDecimal {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: text) else { preconditionFailure(text) }
    return value
  }

  private static func date(_ text: String) -> CivilDate {
    guard case .success(let date) = CivilDate.parse(text) else { preconditionFailure(text) }
    return date
  }
}
