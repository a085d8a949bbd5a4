/// The foods of the built-in sample journal: real USDA SR28 values per 100 g (public domain, the
/// table in `shared/data/ingredients/`), with a household portion.
struct SampleFood: Sendable {
  var id: String
  var name: String
  /// The short name the tracker would write, e.g. "scrambled eggs".
  var foodName: String
  var unit: String
  var gramsPerUnit: Double
  var calories: Double
  var protein: Double
  var carbohydrates: Double
  var fat: Double
  var fiber: Double
  var sugar: Double
  var category: String
  /// The meals the food is eaten at: b breakfast, l lunch, d dinner, s snack.
  var meals: String
}

enum SampleFoods {
  static let all: [SampleFood] = [
    SampleFood(
      id: "usda-sr-01132", name: "egg, whole, cooked, scrambled", foodName: "scrambled eggs", unit: "large",
      gramsPerUnit: 61, calories: 149, protein: 9.99, carbohydrates: 1.61, fat: 10.98, fiber: 0, sugar: 1.39,
      category: "protein", meals: "b"),
    SampleFood(
      id: "usda-sr-08120", name: "cereals, oats, regular and quick, not fortified, dry", foodName: "oatmeal",
      unit: "cup", gramsPerUnit: 40, calories: 379, protein: 13.15, carbohydrates: 67.7, fat: 6.52,
      fiber: 10.1, sugar: 0.99, category: "grain", meals: "b"),
    SampleFood(
      id: "usda-sr-09040", name: "bananas, raw", foodName: "banana", unit: "medium", gramsPerUnit: 118,
      calories: 89, protein: 1.09, carbohydrates: 22.84, fat: 0.33, fiber: 2.6, sugar: 12.23,
      category: "fruit", meals: "bs"),
    SampleFood(
      id: "usda-sr-01077", name: "milk, whole, 3.25% milkfat, with added vitamin d", foodName: "whole milk",
      unit: "cup", gramsPerUnit: 244, calories: 61, protein: 3.15, carbohydrates: 4.8, fat: 3.25, fiber: 0,
      sugar: 5.05, category: "dairy", meals: "b"),
    SampleFood(
      id: "usda-sr-18069", name: "bread, white, commercially prepared (includes soft bread crumbs)",
      foodName: "white toast", unit: "slice", gramsPerUnit: 29, calories: 266, protein: 8.85,
      carbohydrates: 49.42, fat: 3.33, fiber: 2.7, sugar: 5.67, category: "grain", meals: "bl"),
    SampleFood(
      id: "usda-sr-14209", name: "beverages, coffee, brewed, prepared with tap water", foodName: "coffee",
      unit: "cup", gramsPerUnit: 237, calories: 1, protein: 0.12, carbohydrates: 0, fat: 0.02, fiber: 0,
      sugar: 0, category: "beverage", meals: "bs"),
    SampleFood(
      id: "usda-sr-05062", name: "chicken, broiler or fryers, breast, skinless, boneless, meat only, raw",
      foodName: "chicken breast", unit: "oz", gramsPerUnit: 28.35, calories: 120, protein: 22.5,
      carbohydrates: 0, fat: 2.62, fiber: 0, sugar: 0, category: "protein", meals: "ld"),
    SampleFood(
      id: "usda-sr-20445", name: "rice, white, long-grain, regular, unenriched, cooked without salt",
      foodName: "white rice", unit: "cup", gramsPerUnit: 158, calories: 130, protein: 2.69,
      carbohydrates: 28.17, fat: 0.28, fiber: 0.4, sugar: 0.05, category: "grain", meals: "ld"),
    SampleFood(
      id: "usda-sr-15076", name: "fish, salmon, atlantic, wild, raw", foodName: "salmon", unit: "oz",
      gramsPerUnit: 28.35, calories: 142, protein: 19.84, carbohydrates: 0, fat: 6.34, fiber: 0, sugar: 0,
      category: "protein", meals: "d"),
    SampleFood(
      id: "usda-sr-11090", name: "broccoli, raw", foodName: "broccoli", unit: "cup", gramsPerUnit: 91,
      calories: 34, protein: 2.82, carbohydrates: 6.64, fat: 0.37, fiber: 2.6, sugar: 1.7,
      category: "vegetable", meals: "ld"),
    SampleFood(
      id: "usda-sr-11507", name: "sweet potato, raw, unprepared", foodName: "sweet potato", unit: "medium",
      gramsPerUnit: 130, calories: 86, protein: 1.57, carbohydrates: 20.12, fat: 0.05, fiber: 3, sugar: 4.18,
      category: "vegetable", meals: "d"),
    SampleFood(
      id: "usda-sr-16056", name: "chickpeas (garbanzo beans, bengal gram), mature seeds, raw",
      foodName: "chickpea salad", unit: "cup", gramsPerUnit: 100, calories: 378, protein: 20.47,
      carbohydrates: 62.95, fat: 6.04, fiber: 12.2, sugar: 10.7, category: "protein", meals: "l"),
    SampleFood(
      id: "usda-sr-01270", name: "cheese, cheddar, sharp, sliced", foodName: "cheddar", unit: "slice",
      gramsPerUnit: 19, calories: 410, protein: 24.25, carbohydrates: 2.13, fat: 33.82, fiber: 0, sugar: 0.27,
      category: "dairy", meals: "ls"),
    SampleFood(
      id: "usda-sr-12061", name: "nuts, almonds", foodName: "almonds", unit: "oz", gramsPerUnit: 28.35,
      calories: 579, protein: 21.15, carbohydrates: 21.55, fat: 49.93, fiber: 12.5, sugar: 4.35,
      category: "snack", meals: "s"),
    SampleFood(
      id: "usda-sr-09003", name: "apples, raw, with skin", foodName: "apple", unit: "medium",
      gramsPerUnit: 182, calories: 52, protein: 0.26, carbohydrates: 13.81, fat: 0.17, fiber: 2.4,
      sugar: 10.39, category: "fruit", meals: "s"),
    SampleFood(
      id: "usda-sr-09316", name: "strawberries, raw", foodName: "strawberries", unit: "cup",
      gramsPerUnit: 152, calories: 32, protein: 0.67, carbohydrates: 7.68, fat: 0.3, fiber: 2, sugar: 4.89,
      category: "fruit", meals: "bs"),
    SampleFood(
      id: "usda-sr-11124", name: "carrots, raw", foodName: "carrot sticks", unit: "cup", gramsPerUnit: 128,
      calories: 41, protein: 0.93, carbohydrates: 9.58, fat: 0.24, fiber: 2.8, sugar: 4.74,
      category: "vegetable", meals: "ls"),
    SampleFood(
      id: "usda-sr-16098", name: "peanut butter, smooth style, with salt", foodName: "peanut butter",
      unit: "tbsp", gramsPerUnit: 16, calories: 598, protein: 22.21, carbohydrates: 22.31, fat: 51.36,
      fiber: 5, sugar: 10.49, category: "fat", meals: "bs"),
    SampleFood(
      id: "usda-sr-11529", name: "tomatoes, red, ripe, raw, year round average", foodName: "tomato",
      unit: "medium", gramsPerUnit: 123, calories: 18, protein: 0.88, carbohydrates: 3.89, fat: 0.2,
      fiber: 1.2, sugar: 2.63, category: "vegetable", meals: "l"),
    SampleFood(
      id: "usda-sr-19904", name: "chocolate, dark, 70-85% cacao solids", foodName: "dark chocolate",
      unit: "oz", gramsPerUnit: 28.35, calories: 598, protein: 7.79, carbohydrates: 45.9, fat: 42.63,
      fiber: 10.9, sugar: 23.99, category: "snack", meals: "s"),
    SampleFood(
      id: "usda-sr-04053", name: "oil, olive, salad or cooking", foodName: "olive oil", unit: "tbsp",
      gramsPerUnit: 13.5, calories: 884, protein: 0, carbohydrates: 0, fat: 100, fiber: 0, sugar: 0,
      category: "fat", meals: "ld"),
    SampleFood(
      id: "usda-sr-10219", name: "pork, fresh, ground, raw", foodName: "pork meatballs", unit: "oz",
      gramsPerUnit: 28.35, calories: 263, protein: 16.88, carbohydrates: 0, fat: 21.19, fiber: 0, sugar: 0,
      category: "protein", meals: "d"),
  ]
}
