import DemeterFoundation
import DemeterJournal

/// A plan with what each item brings, exact: a recipe item is the recipe's nutrition per serving
/// (`RecipeNutrition`) times its servings, and its ingredients' grams times servings ÷ the recipe's
/// servings; a food item is computed as a one-ingredient recipe of one serving, so grams, portions
/// and free foods follow the recipe rules.
public struct PlanNutrition: Sendable {
  public var plan: MealPlan
  /// Every item, in plan order (`MealPlan.items`).
  public var items: [PlannedItem]

  /// The nutrition of `plan`'s items; recipes looked up by id with `recipe` (a recipe with errors
  /// should be nil), ingredients with `ingredient`.
  /// - Throws: which item names an unknown recipe or cannot be computed.
  public static func resolve(
    _ plan: MealPlan, recipe lookUpRecipe: (String) -> Recipe?, ingredient: (String) -> Ingredient?
  ) throws(PlanNutritionError) -> PlanNutrition {
    var items: [PlannedItem] = []
    var index = 0
    var previous: (CivilDate, Meal)?
    for (date, meal, item) in plan.items {
      index = previous.map { $0 == (date, meal) } == true ? index + 1 : 0
      previous = (date, meal)
      let place = PlanItemPlace(date: date, meal: meal, index: index)
      let name = "days.\(date).\(meal.rawValue)[\(index)]"
      func failure(_ message: String) -> PlanNutritionError {
        PlanNutritionError(place: place, message: "\"\(name)\": " + message)
      }
      switch item {
      case .recipe(let id, let servings):
        guard let recipe = lookUpRecipe(id) else {
          throw failure(
            "no valid recipe \"\(id)\" in the journal's recipes (see 'demeter-report recipe list')")
        }
        let nutrition: RecipeNutrition
        do throws(RecipeNutritionError) {
          nutrition = try RecipeNutrition.compute(recipe, ingredient: ingredient)
        } catch {
          throw failure("the recipe \"\(id)\" cannot be computed: \(error.message)")
        }
        let factor = ExactFraction(servings)
        guard let scale = factor / ExactFraction(recipe.servings),
          let values = nutrition.perServing.map({ $0 * factor })
        else { throw failure("the amounts are too large to compute exactly") }
        var parts: [PlannedIngredient] = []
        for (position, grams) in nutrition.ingredientGrams.enumerated() {
          guard let scaled = grams * scale else {
            throw failure("the amounts are too large to compute exactly")
          }
          parts.append(
            PlannedIngredient(
              food: recipe.ingredients[position].food, ingredient: nutrition.resolved[position], grams: scaled
            ))
        }
        items.append(
          PlannedItem(
            date: date, meal: meal, item: item, title: recipe.title, nutrition: values, ingredients: parts))
      case .food(let food):
        let single = Recipe(id: "item", title: "item", servings: FixedDecimal(1)!, ingredients: [food])
        let nutrition: RecipeNutrition
        do throws(RecipeNutritionError) {
          nutrition = try RecipeNutrition.compute(single, ingredient: ingredient)
        } catch {
          // The message names the one ingredient of the stand-in recipe; the item is meant.
          var message = Substring(error.message)
          if message.hasPrefix("\"ingredients[0]") { message = message.dropFirst(15) }
          if message.hasPrefix("\": ") { message = message.dropFirst(3) }
          if message.hasPrefix(".portion\": ") { message = "portion: " + message.dropFirst(11) }
          throw failure(String(message))
        }
        let title: String
        switch food.food {
        case .ingredient(let id): title = nutrition.resolved[0]?.name ?? id
        case .free(let foodName, _): title = foodName
        }
        items.append(
          PlannedItem(
            date: date, meal: meal, item: item, title: title, nutrition: nutrition.whole,
            ingredients: [
              PlannedIngredient(
                food: food.food, ingredient: nutrition.resolved[0], grams: nutrition.ingredientGrams[0])
            ]))
      }
    }
    return PlanNutrition(plan: plan, items: items)
  }
}

/// One planned item with what it brings.
public struct PlannedItem: Sendable {
  public var date: CivilDate
  public var meal: Meal
  public var item: PlanItem
  /// The recipe's title, the ingredient's name or the free food's name.
  public var title: String
  /// Its nutrition, exact.
  public var nutrition: NutrientFractions
  /// The foods that go into it and their grams (a food item: itself).
  public var ingredients: [PlannedIngredient]
}

/// A food that goes into a planned item, and how much.
public struct PlannedIngredient: Sendable {
  public var food: RecipeIngredient.Food
  /// The database ingredient it resolved to (nil for a free food).
  public var ingredient: Ingredient?
  public var grams: ExactFraction
}

/// Why a plan item cannot be resolved, and which item it is.
public struct PlanNutritionError: Error, Sendable {
  var place: PlanItemPlace
  /// What is wrong, naming the item (`"days.2026-11-23.dinner[0]": …`).
  public var message: String
}
