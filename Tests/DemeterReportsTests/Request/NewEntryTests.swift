import DemeterCore
import DemeterReports
import Testing

/// `NewEntry`: an entry from its fields, as `add` makes one (manual: writing) — given fields, else the
/// computed food's, else the defaults; read through the journal's decoder.
@Suite struct NewEntryTests {
  static let noon = Timestamp(unixSeconds: 1_763_726_400, utcOffsetSeconds: -18_000)

  @Test func fieldsNotGivenTakeTheDefaults() throws {
    var entry = NewEntry(at: Self.noon)
    entry.foodName = "tea"
    for nutrient in Nutrient.all where nutrient.isRequired { entry.nutrients[nutrient] = JSONNumber(literal: "2") }
    entry.meal = .snack
    let line = try #require(entry.read().line)
    #expect(line.entry.foodName == "tea")
    #expect(line.entry.rawDescription == "")
    #expect((line.entry.quantity, line.entry.unit, line.entry.confidence) == (1, "serving", 1))
    #expect(line.entry.meal == .snack)
    #expect(line.entry.matchedIngredientID == nil)
    #expect(line.entry.timestamp == Self.noon)
  }

  @Test func aComputedFoodGivesItsNameAmountAndNutritionUnlessGiven() throws {
    let granola = try Ingredient(
      id: "custom-granola", name: "granola, homemade", caloriesPer100g: 450, proteinPer100g: 10,
      carbsPer100g: 60, fatPer100g: 18, category: .grain)
    let food = ComputedFood(granola, grams: 50, quantity: 50, unit: "g")
    #expect(food.taken == "demeter-report: took granola, homemade (custom-granola): 225 kcal for 50 g")
    var entry = NewEntry(at: Self.noon)
    entry.food = food
    let line = try #require(entry.read().line)
    #expect((line.entry.foodName, line.entry.quantity, line.entry.unit) == ("granola, homemade", 50, "g"))
    #expect(line.entry.matchedIngredientID == "custom-granola")
    #expect(line.entry.nutrients[.calories] == 225 && line.entry.nutrients[.protein] == 5)
    entry.foodName = "my granola"
    #expect(try #require(entry.read().line).entry.foodName == "my granola")
  }

  @Test func aNewEntryMissingARequiredNutrientIsAnErrorOfItsLine() {
    var entry = NewEntry(at: Self.noon)
    entry.foodName = "tea"
    let outcome = entry.read()
    #expect(outcome.hasErrors)
    #expect(outcome.diagnostics.allSatisfy { $0.location.path == "<options>" })
  }
}
