import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension ModelTests {
  @Suite struct IngredientTests {
    static func butter(
      id: String = "usda-sr-01001",
      name: String = "butter, salted",
      aliases: [String] = [],
      calories: Double = 717,
      protein: Double = 0.85,
      carbs: Double = 0.06,
      fat: Double = 81.11,
      fiber: Double? = 0,
      sugar: Double? = 0.06,
      micronutrients: [String: Double] = ["sodium_mg": 643, "water_g": 15.87],
      servingSize: Double = 5,
      portions: [ServingVariation] = [ServingVariation(amount: 1, unit: "tbsp", gramsEquivalent: 14.2)],
      usageCount: Int = 0
    ) throws(ModelError) -> Ingredient {
      try Ingredient(
        id: id, name: name, aliases: aliases, caloriesPer100g: calories, proteinPer100g: protein,
        carbsPer100g: carbs, fatPer100g: fat, fiberPer100g: fiber, sugarPer100g: sugar,
        micronutrientsPer100g: micronutrients, commonServingSize: servingSize,
        commonServingDescription: "1 pat (1\" sq, 1/3\" high)", servingSizeVariations: portions,
        category: .fat,
        subcategory: "Dairy and Egg Products", source: .usda, verificationStatus: .verified,
        usageCount: usageCount, sourceRef: "USDA SR28 NDB 01001")
    }

    @Test func keepsFieldsAndDefaults() throws {
      let butter = try Self.butter()
      #expect(butter.id == "usda-sr-01001")
      #expect(butter.caloriesPer100g == 717)
      #expect(butter.proteinPer100g == 0.85)
      #expect(butter.fatPer100g == 81.11)
      #expect(butter.commonServingUnit == "g")
      #expect(butter.category == .fat)
      #expect(butter.isVerified)
      #expect(butter.displayName == "Butter, salted")
      let minimal = try Ingredient(
        id: "x", name: "oat milk", caloriesPer100g: 46, proteinPer100g: 1, carbsPer100g: 6.7, fatPer100g: 1.5,
        category: .beverage)
      #expect(minimal.commonServingSize == 100)
      #expect(minimal.commonServingUnit == "g")
      #expect(minimal.source == .custom)
      #expect(minimal.verificationStatus == .unverified)
      #expect(!minimal.isVerified)
      #expect(minimal.usageCount == 0)
      #expect(minimal.aliases.isEmpty && minimal.tags.isEmpty && minimal.servingSizeVariations.isEmpty)
      #expect(minimal.fiberPer100g == nil && minimal.sugarPer100g == nil && minimal.lastUpdated == nil)
    }

    @Test func idAndNameAreTrimmed() throws {
      let ingredient = try Self.butter(id: " usda-sr-01001\n", name: "  butter, salted ")
      #expect(ingredient.id == "usda-sr-01001")
      #expect(ingredient.name == "butter, salted")
    }

    @Test func displayNameCapitalisesOnlyTheFirstLetter() throws {
      #expect(try Self.butter(name: "égg, whole, RAW").displayName == "Égg, whole, RAW")
      #expect(try Self.butter(name: "7up").displayName == "7up")
    }

    // MARK: - Validation

    @Test(arguments: [
      ("id", "\"id\" must be a non-empty string, got \"\""),
      ("name", "\"name\" must be a non-empty string, got \"\""),
    ])
    func rejectsBlankIdOrName(field: String, message: String) {
      #expect(throws: ModelError.validationError(message)) {
        field == "id" ? try Self.butter(id: "  ") : try Self.butter(name: "\t")
      }
    }

    @Test(arguments: [
      ("caloriesPer100g", -1.0, "\"caloriesPer100g\" must be a number ≥ 0, got -1"),
      ("proteinPer100g", -0.5, "\"proteinPer100g\" must be a number ≥ 0, got -0.5"),
      ("carbsPer100g", Double.nan, "\"carbsPer100g\" must be a number ≥ 0, got nan"),
      ("fatPer100g", Double.infinity, "\"fatPer100g\" must be a number ≥ 0, got inf"),
      ("fiberPer100g", -2.0, "\"fiberPer100g\" must be a number ≥ 0, got -2"),
      ("sugarPer100g", -0.01, "\"sugarPer100g\" must be a number ≥ 0, got -0.01"),
      (
        "micronutrientsPer100g.sodium_mg", -643.0,
        "\"micronutrientsPer100g.sodium_mg\" must be a number ≥ 0, got -643"
      ),
      ("commonServingSize", 0.0, "\"commonServingSize\" must be a number > 0, got 0"),
      ("commonServingSize", -5.0, "\"commonServingSize\" must be a number > 0, got -5"),
      ("portions[0].grams", 0.0, "\"portions[0].grams\" must be a number > 0, got 0"),
      ("portions[0].amount", -1.0, "\"portions[0].amount\" must be a number > 0, got -1"),
    ])
    func rejectsBadNumber(field: String, value: Double, message: String) {
      #expect(throws: ModelError.validationError(message)) {
        switch field {
        case "caloriesPer100g": try Self.butter(calories: value)
        case "proteinPer100g": try Self.butter(protein: value)
        case "carbsPer100g": try Self.butter(carbs: value)
        case "fatPer100g": try Self.butter(fat: value)
        case "fiberPer100g": try Self.butter(fiber: value)
        case "sugarPer100g": try Self.butter(sugar: value)
        case "commonServingSize": try Self.butter(servingSize: value)
        case "portions[0].grams":
          try Self.butter(portions: [ServingVariation(amount: 1, unit: "cup", gramsEquivalent: value)])
        case "portions[0].amount":
          try Self.butter(portions: [ServingVariation(amount: value, unit: "cup", gramsEquivalent: 227)])
        default: try Self.butter(micronutrients: ["sodium_mg": value, "water_g": 1])
        }
      }
    }

    @Test func acceptsZeroNutrientsAndTinyServing() throws {
      let ingredient = try Self.butter(
        calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0, sugar: 0, micronutrients: ["water_g": 0],
        servingSize: Double.leastNonzeroMagnitude)
      #expect(ingredient.caloriesPer100g == 0)
    }

    @Test func rejectsNegativeUsageCount() {
      #expect(throws: ModelError.validationError("\"usageCount\" must be a whole number ≥ 0, got -1")) {
        try Self.butter(usageCount: -1)
      }
    }

    // MARK: - Aliases and tokens

    @Test func aliasesAreLowercasedTrimmedAndUnique() throws {
      let ingredient = try Self.butter(
        name: "spices, coriander leaf, dried",
        aliases: ["  Chinese Parsley ", "CILANTRO", "", "   ", "cilantro", "chinese parsley", "Cilantro\n"])
      #expect(ingredient.aliases == ["chinese parsley", "cilantro"])
      #expect(
        ingredient.searchTokens == ["chinese", "cilantro", "coriander", "dried", "leaf", "parsley", "spices"])
    }

    @Test func addAliasNormalisesAndUpdatesTokens() throws {
      var ingredient = try Self.butter()
      #expect(ingredient.searchTokens == ["butter", "salted"])
      let added = [
        ingredient.addAlias("  Salted Butter "), ingredient.addAlias("SALTED BUTTER"),
        ingredient.addAlias("   "),
        ingredient.addAlias("Beurre Salé"),
      ]
      #expect(added == [true, false, false, true])
      #expect(ingredient.aliases == ["salted butter", "beurre salé"])
      #expect(ingredient.searchTokens == ["beurre", "butter", "salted", "salé"])
    }

    @Test func incrementUsageCounts() throws {
      var ingredient = try Self.butter(usageCount: 2)
      ingredient.incrementUsage()
      ingredient.incrementUsage()
      #expect(ingredient.usageCount == 4)
    }

    // MARK: - Search

    @Test(arguments: [
      ("butter", true), ("BUTTER", true), ("  salted  ", true), ("butter, salted", true),
      ("salted butter", true),
      ("salt", true), ("butt sal", true), ("beurre", true), ("sale", true), ("SALÉ", true),
      ("beurre sale", true),
      ("margarine", false), ("salted margarine", false), ("", false), ("   ", false), (",", false),
      ("utter", true), ("tter salt", false),
    ])
    func matchesSearchTerm(term: String, expected: Bool) throws {
      var ingredient = try Self.butter()
      ingredient.addAlias("beurre salé")
      #expect(ingredient.matches(searchTerm: term) == expected)
    }

    @Test func matchesIgnoringDiacritics() throws {
      let pepper = try Self.butter(name: "peppers, jalapeño, canned")
      #expect(pepper.matches(searchTerm: "jalapeno"))
      #expect(pepper.matches(searchTerm: "JALAPEÑO"))
      #expect(pepper.matches(searchTerm: "Jalapeño canned"))
      #expect(!pepper.matches(searchTerm: "habanero"))
    }

    // MARK: - Nutrition

    @Test func nutritionPer100gIsTheStoredValues() throws {
      let info = try Self.butter().nutritionalInfoPer100g
      #expect(
        info
          == NutritionalInfo(
            calories: 717, protein: 0.85, carbohydrates: 0.06, fat: 81.11, fiber: 0, sugar: 0.06,
            micronutrients: ["sodium_mg": 643, "water_g": 15.87]))
      #expect(info.sortedMicronutrients.map(\.name) == ["sodium_mg", "water_g"])
    }

    @Test func nutritionScalesLinearly() throws {
      let butter = try Self.butter()
      #expect(butter.nutrition(forGrams: 100) == butter.nutritionalInfoPer100g)
      let zero = butter.nutrition(forGrams: 0)
      #expect(zero.calories == 0 && zero.fat == 0 && zero.fiber == 0 && zero.micronutrients["sodium_mg"] == 0)
      let tablespoon = butter.nutrition(forGrams: 14.2)
      #expect(abs(tablespoon.calories - 101.814) < 1e-9)
      #expect(abs(tablespoon.protein - 0.1207) < 1e-12)
      #expect(abs(tablespoon.fat - 11.51762) < 1e-9)
      #expect(abs(tablespoon.micronutrients["sodium_mg"]! - 91.306) < 1e-9)
      let double = butter.nutrition(forGrams: 200)
      #expect(double.calories == 1434 && double.carbohydrates == 0.12 && double.sugar == 0.12)
      let unknown = try Self.butter(fiber: nil, sugar: nil).nutrition(forGrams: 50)
      #expect(unknown.fiber == nil && unknown.sugar == nil)
      #expect(unknown.calories == 358.5)
    }

    @Test func servingVariationDescribesItself() {
      #expect(ServingVariation(amount: 1, unit: "large", gramsEquivalent: 61).description == "1 large")
      #expect(
        ServingVariation(amount: 0.5, unit: "cup, chopped", gramsEquivalent: 80).description
          == "0.5 cup, chopped")
      #expect(
        ServingVariation(amount: 2, unit: "slice", description: "two slices", gramsEquivalent: 50).description
          == "two slices")
    }
  }
}
