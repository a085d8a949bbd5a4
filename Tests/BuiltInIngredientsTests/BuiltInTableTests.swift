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

/// The built-in table's drinks by name, for unmatched entries' alcohol (`IngredientAlcohol.food(named:)`).
@Suite struct BuiltInDrinkNamesTests {
  @Test func commonDrinksFindTheirFood() {
    let alcohol = BuiltInIngredients.alcohol
    let expected = [
      "beer": "usda-sr-14003", "Lager": "usda-sr-14003", "light beer": "usda-sr-14006",
      "red wine": "usda-sr-14096", "White Wine": "usda-sr-14106", "wine": "usda-sr-14084",
      "whiskey": "usda-sr-14037", "vodka": "usda-sr-14037", "sake": "usda-sr-43479",
      "rosé": "usda-sr-14253", "rose wine": "usda-sr-14253", "pina colada": "usda-sr-14017",
      "whiskey sour": "usda-sr-14531", "daiquiri": "usda-sr-14010", "hard cider": "usda-sr-14250",
    ]
    for (name, id) in expected { #expect(alcohol.food(named: name)?.id == id, "\(name)") }
    for name in ["root beer", "ginger beer", "margarita", "cider", "cola", "vanilla"] {
      #expect(alcohol.food(named: name) == nil, "\(name)")
    }
    #expect(alcohol.food(named: "beer")?.name == "alcoholic beverage, beer, regular, all")
  }

  /// The names are part of the text the build embeds, so the table's own alcohol and the embedded
  /// one agree.
  @Test func theEmbeddedTextIsTheTables() {
    #expect(BuiltInIngredients.alcohol.text == BuiltInIngredients.table.alcohol.text)
  }
}
