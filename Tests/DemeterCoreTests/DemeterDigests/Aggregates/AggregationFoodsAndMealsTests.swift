import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct AggregationFoodsAndMealsTests {
  typealias F = AggregationFixture
  let week = F.range("2026-11-16", "2026-11-22")

  private var foodRows: [Entry] {
    [
      F.entry("2026-11-16", id: "1", food: "oats", calories: "100"),
      F.entry("2026-11-16", id: "2", food: "oats", calories: "100"),
      F.entry("2026-11-17", id: "3", food: "butter", calories: "200", carbohydrates: "0", fat: "22.2"),
      F.entry("2026-11-17", id: "4", food: "tea", calories: "50"),
      F.entry("2026-11-18", id: "5", food: "tea", calories: "50"),
      F.entry("2026-11-18", id: "6", food: "tea", calories: "50"),
      F.entry("2026-11-19", id: "7", food: "apple", calories: "80"),
    ]
  }

  @Test func topFoodsByCaloriesAndCountBreakTiesByName() {
    let top = F.summary(foodRows, week).topFoods
    #expect(top.distinctFoods == 4)
    #expect(
      top.byCalories == [
        FoodTotal(name: "butter", entries: 1, calories: F.sum("200")),
        FoodTotal(name: "oats", entries: 2, calories: F.sum("200")),
        FoodTotal(name: "tea", entries: 3, calories: F.sum("150")),
        FoodTotal(name: "apple", entries: 1, calories: F.sum("80")),
      ])
    #expect(top.byCount.map(\.name) == ["tea", "oats", "apple", "butter"])
  }

  @Test func topFoodCountCutsBothLists() {
    let top = F.summary(foodRows, week, options: AggregationOptions(topFoodCount: 2)).topFoods
    #expect(top.byCalories.map(\.name) == ["butter", "oats"])
    #expect(top.byCount.map(\.name) == ["tea", "oats"])
    #expect(top.distinctFoods == 4)
  }

  @Test func mealsFollowTheStandardOrderThenCodePointOrderThenUnspecified() {
    let rows = [
      F.entry("2026-11-16", id: "1", calories: "10", meal: "snack"),
      F.entry("2026-11-16", id: "2", calories: "20", meal: "brunch"),
      F.entry("2026-11-16", id: "3", calories: "30", meal: "dinner"),
      F.entry("2026-11-16", id: "4", calories: "40"),
      F.entry("2026-11-16", id: "5", calories: "50", meal: "Elevenses"),
      F.entry("2026-11-16", id: "6", calories: "60", meal: "breakfast"),
      F.entry("2026-11-17", id: "7", calories: "70", meal: "breakfast"),
    ]
    let meals = F.summary(rows, week).meals
    #expect(meals.map(\.meal) == ["breakfast", "dinner", "snack", "Elevenses", "brunch", nil])
    #expect(
      meals[0] == MealTotal(meal: "breakfast", entries: 2, calories: F.sum("130"), calorieShare: 130 / 280))
    #expect(meals[5] == MealTotal(meal: nil, entries: 1, calories: F.sum("40"), calorieShare: 40 / 280))
    #expect(abs(meals.compactMap(\.calorieShare).reduce(0, +) - 1) < 1e-12)
  }

  @Test func noUnspecifiedRowWhenEveryEntryNamesAMeal() {
    let rows = [
      F.entry("2026-11-16", id: "1", meal: "lunch"), F.entry("2026-11-16", id: "2", meal: "breakfast"),
    ]
    #expect(F.summary(rows, week).meals.map(\.meal) == ["breakfast", "lunch"])
  }

  @Test func noBreakdownWithoutMeals() {
    #expect(F.summary(foodRows, week).meals.isEmpty)
  }

  @Test func mealOrderIsConfigurable() {
    let rows = [
      F.entry("2026-11-16", id: "1", meal: "lunch"), F.entry("2026-11-16", id: "2", meal: "dinner"),
    ]
    let options = AggregationOptions(mealOrder: ["dinner", "lunch"])
    #expect(F.summary(rows, week, options: options).meals.map(\.meal) == ["dinner", "lunch"])
  }
}
