import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension ModelTests {
  /// An entry's and a food's amounts by `Nutrient` (what `add` and `edit` iterate instead of naming
  /// each nutrient): every nutrient of `Nutrient.all` reaches its own field.
  @Suite struct NutrientFieldsTests {
    @Test func nutritionalInfoGivesEachNutrientsAmount() {
      let info = NutritionalInfo(nutrients: NutrientQuantities { Double($0.ordinal + 1) })
      #expect(Nutrient.all.map { info[$0] } == Nutrient.all.map { Double($0.ordinal + 1) })
      let named = NutritionalInfo(calories: 1, protein: 2, carbohydrates: 3, fat: 4, fiber: 5, sugar: 6)
      #expect([Nutrient.calories, .protein, .carbohydrates, .fat, .fiber, .sugar].map { named[$0] } == [1, 2, 3, 4, 5, 6])
      let unknown = NutritionalInfo(calories: 1, protein: 2, carbohydrates: 3, fat: 4)
      #expect(unknown[.fiber] == nil && unknown[.sugar] == nil)
    }

    @Test func settingANutrientChangesItsFieldOnly() throws {
      let original = try ModelFixtures.entry()
      for (index, nutrient) in Nutrient.all.enumerated() {
        var entry = original
        entry.set(nutrient, to: Double(100 + index))
        let amounts = Nutrient.all.map { entry.nutrients[$0] }
        let before = Nutrient.all.map { original.nutrients[$0] }
        for position in amounts.indices {
          #expect(amounts[position] == (position == index ? Double(100 + index) : before[position]))
        }
      }
    }
  }
}
