import BuiltInIngredients
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The table the build embeds: every USDA food, decoded as the shared file has it, with its source.
@Suite struct BuiltInTableTests {
  @Test func holdsTheWholeUSDATable() {
    let table = BuiltInIngredients.table
    #expect(table.count == 8789)
    #expect(BuiltInIngredients.index.foods.count == 8789)
  }

  @Test func decodesAFoodWithAllItsValues() throws {
    let butter = try #require(BuiltInIngredients.table.ingredient(withID: "usda-sr-01001"))
    #expect(butter.name == "butter, salted")
    #expect(butter.caloriesPer100g == 717)
    #expect(butter.fatPer100g == 81.11)
    #expect(butter.micronutrientsPer100g["sodium_mg"] == 643)
    #expect(butter.servingSizeVariations.map(\.description) == [
      "1 pat (1\" sq, 1/3\" high)", "1 tbsp", "1 cup", "1 stick",
    ])
    #expect(butter.source == .usda && butter.isVerified)
    #expect(butter.sourceRef == "USDA SR28 NDB 01001")
  }

  @Test func carriesTheAddedCommonNames() throws {
    let cola = try #require(BuiltInIngredients.table.ingredient(withID: "usda-sr-14148"))
    #expect(cola.aliases.contains("coke"))
    #expect(cola.aliases.contains("soda"))
  }

  @Test func keepsTheSourceNoteAndLicence() {
    #expect(BuiltInIngredients.sourceNote.contains("USDA National Nutrient Database for Standard Reference"))
    #expect(BuiltInIngredients.sourceNote.contains("public domain"))
  }

  /// The alcohol a report names by the build's hash is the table's, read without opening the table.
  @Test func namesItsAlcoholByTheBuildsHash() {
    let alcohol = BuiltInIngredients.alcohol
    let text = BuiltInIngredients.table.alcohol.text
    #expect(alcohol.identity == "built-in " + String(ContentHash.hash(text), radix: 16))
    #expect(alcohol.text == text)
    // Red wine: 10.6 g alcohol per 85 kcal.
    #expect(alcohol.grams(ofID: "usda-sr-14096", calories: 85_000_000_000) == 10_600_000_000)
  }
}
