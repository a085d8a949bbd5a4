import Testing

@testable import DemeterCore

/// The energy check counts alcohol at 7 kcal/g (4/4/9/7): the entry's own `alcohol_g`, else its
/// matched ingredient's alcohol share of its energy.
@Suite struct EnergyAlcoholTests {
  static let billion: Int64 = 1_000_000_000
  /// Red wine per 100 g: 85 kcal, 10.6 g alcohol.
  static let wine = try! Ingredient(
    id: "wine", name: "wine, red", caloriesPer100g: 85, proteinPer100g: 0.07, carbsPer100g: 2.61,
    fatPer100g: 0, micronutrientsPer100g: ["alcohol_g": 10.6], category: .beverage)

  @Test func alcoholExplainsTheEnergyOfADrink() {
    let tolerance = EnergyConsistencyTolerance()
    // 125 kcal with 3.4 g carbohydrates and 0.1 g protein: 14 kcal of macronutrients.
    let macro = Int128(14 * Self.billion)
    #expect(tolerance.isInconsistent(calories: 125 * Self.billion, macroEnergy: macro))
    #expect(
      !tolerance.isInconsistent(calories: 125 * Self.billion, macroEnergy: macro, alcohol: 15_600_000_000))
  }

  @Test func theMatchedIngredientGivesItsShare() {
    var tolerance = EnergyConsistencyTolerance()
    tolerance.alcohol = IngredientAlcohol([Self.wine])
    // 125 kcal of a food with 10.6 g alcohol per 85 kcal: 15.588… g.
    let grams = tolerance.alcohol(own: nil, ingredientID: "wine", calories: 125 * Self.billion)
    #expect(grams == 15_588_235_294)
    #expect(
      tolerance.alcohol(own: 2 * Self.billion, ingredientID: "wine", calories: 125 * Self.billion) == 2
        * Self.billion)
    #expect(tolerance.alcohol(own: nil, ingredientID: "water", calories: 125 * Self.billion) == 0)
    #expect(tolerance.alcohol(own: nil, ingredientID: String?.none, calories: 125 * Self.billion) == 0)
  }

  @Test func aLaterIngredientWithoutAlcoholOverrides() {
    let plain = try! Ingredient(
      id: "wine", name: "wine, mine", caloriesPer100g: 85, proteinPer100g: 0, carbsPer100g: 21, fatPer100g: 0,
      category: .beverage)
    #expect(IngredientAlcohol([Self.wine, plain]).isEmpty)
    let shares = IngredientAlcohol([Self.wine])
    #expect(shares.text == "wine=10600000000/85000000000")
    #expect(IngredientAlcohol(text: shares.text) == shares)
    #expect(IngredientAlcohol(text: "wine=1/0") == nil)
  }
}
