import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

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

  /// The check's 64-bit path (every value below 2⁵⁹) answers as exact 128-bit arithmetic does, on
  /// random values of every magnitude, at and past that limit, signs and tolerances mixed.
  @Test func theCheckIsExactAtEveryMagnitude() {
    var random = SplitMix64(seed: 41)
    let edges: [Int64] = [0, 1, (1 << 56) - 1, 1 << 56, (1 << 59) - 1, 1 << 59, Int64.max / 32]
    func value() -> Int64 {
      let magnitude =
        Bool.random(using: &random)
        ? edges.randomElement(using: &random)!
        : Int64.random(in: 0...(1 << Int64.random(in: 0...61, using: &random)), using: &random)
      return Bool.random(using: &random) ? -magnitude : magnitude
    }
    let tolerances = [
      EnergyConsistencyTolerance(),
      EnergyConsistencyTolerance(
        relative: FixedDecimal(billionths: 3_000_000_000), calories: FixedDecimal(billionths: 0)),
    ]
    for _ in 0..<20_000 {
      let (stated, alcohol) = (value(), value())
      let macro = Int128(value()) * Int128(Int.random(in: 1...17, using: &random))
      for tolerance in tolerances {
        let energy = macro + 7 * Int128(alcohol)
        let difference = (Int128(stated) - energy).magnitude
        let expected =
          difference > UInt128(tolerance.calories.billionths)
          && difference * 1_000_000_000 > UInt128(tolerance.relative.billionths) * energy.magnitude
        #expect(tolerance.isInconsistent(calories: stated, macroEnergy: macro, alcohol: alcohol) == expected)
      }
    }
  }

  @Test func theMatchedIngredientGivesItsShare() {
    var tolerance = EnergyConsistencyTolerance()
    tolerance.alcohol = IngredientAlcohol([Self.wine])
    // 125 kcal of a food with 10.6 g alcohol per 85 kcal: 15.588… g.
    let grams = tolerance.alcohol(own: nil, ingredientID: "wine", foodName: "wine", calories: 125 * Self.billion)
    #expect(grams == 15_588_235_294)
    #expect(
      tolerance.alcohol(own: 2 * Self.billion, ingredientID: "wine", foodName: "wine", calories: 125 * Self.billion) == 2
        * Self.billion)
    #expect(tolerance.alcohol(own: nil, ingredientID: "water", foodName: "water", calories: 125 * Self.billion) == 0)
    #expect(tolerance.alcohol(own: nil, ingredientID: String?.none, foodName: "wine", calories: 125 * Self.billion) == 0)
  }

  @Test func aLaterIngredientWithoutAlcoholOverrides() {
    let plain = try! Ingredient(
      id: "wine", name: "wine, mine", caloriesPer100g: 85, proteinPer100g: 0, carbsPer100g: 21, fatPer100g: 0,
      category: .beverage)
    #expect(IngredientAlcohol([Self.wine, plain]).isEmpty)
    let shares = IngredientAlcohol([Self.wine])
    #expect(shares.text == "wine=10600000000/85000000000=wine%2C red")
    #expect(IngredientAlcohol(text: shares.text) == shares)
    #expect(IngredientAlcohol(text: "wine=1/0") == nil)
  }
}
