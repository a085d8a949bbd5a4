import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension ModelTests {
  @Suite struct FoodEntryTests {
    typealias Fixture = ModelFixtures

    @Test func validEntryKeepsEveryField() throws {
      let entry = try FoodEntry(
        id: "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", timestamp: Fixture.timestamp(8, 15),
        rawDescription: "two scrambled eggs with butter", foodName: "scrambled eggs", quantity: 2,
        unit: "large",
        calories: 182, protein: 12.2, carbohydrates: 2.0, fat: 13.4, confidence: 0.92,
        matchedIngredientID: "usda-sr-01132", fiber: 0, sugar: 1.1, meal: .breakfast, tags: ["home"],
        micronutrients: ["sodium_mg": 310, "calcium_mg": 50], note: "with chives")
      #expect(entry.id == "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11")
      #expect(entry.timestamp.localDate == Fixture.day)
      #expect(entry.foodName == "scrambled eggs")
      #expect(entry.quantity == 2)
      #expect(entry.unit == "large")
      #expect(entry.calories == 182)
      #expect(entry.matchedIngredientID == "usda-sr-01132")
      #expect(entry.fiber == 0)
      #expect(entry.sugar == 1.1)
      #expect(entry.meal == .breakfast)
      #expect(entry.tags == ["home"])
      #expect(entry.note == "with chives")
      #expect(entry.isValid)
      #expect(entry.sortedMicronutrients.map(\.name) == ["calcium_mg", "sodium_mg"])
      #expect(entry.sortedMicronutrients.map(\.value) == [50, 310])
    }

    @Test func optionalFieldsDefaultToAbsent() throws {
      let entry = try Fixture.entry()
      #expect(entry.fiber == nil)
      #expect(entry.sugar == nil)
      #expect(entry.meal == nil)
      #expect(entry.tags.isEmpty)
      #expect(entry.micronutrients.isEmpty)
      #expect(entry.note == nil)
    }

    // MARK: - Summary

    @Test func nutritionalSummaryMatchesSpec() throws {
      #expect(try Fixture.entry().nutritionalSummary == "182 kcal · P 12.2 g · C 2.0 g · F 13.4 g")
    }

    @Test(arguments: [
      (182.5, 0.05, 12.25, 0.0, "183 kcal · P 0.1 g · C 12.3 g · F 0.0 g"),
      (0.4, 100.0, 0.04, 1234.56, "0 kcal · P 100.0 g · C 0.0 g · F 1234.6 g"),
      (2999.49, 7.949, 1.0, 9.95, "2999 kcal · P 7.9 g · C 1.0 g · F 10.0 g"),
    ])
    func nutritionalSummaryRoundsForReading(
      calories: Double, protein: Double, carbohydrates: Double, fat: Double, expected: String
    ) throws {
      let entry = try Fixture.entry(
        calories: calories, protein: protein, carbohydrates: carbohydrates, fat: fat)
      #expect(entry.nutritionalSummary == expected)
    }

    // MARK: - Quantity

    @Test(arguments: [
      0.0, -0.0, -1.0, -Double.leastNonzeroMagnitude, Double.nan, Double.infinity, -Double.infinity,
    ])
    func rejectsQuantity(_ quantity: Double) {
      let error = #expect(throws: FoodEntryValidationError.self) { try Fixture.entry(quantity: quantity) }
      guard case .invalidQuantity(let value)? = error else {
        Issue.record("expected invalidQuantity, got \(String(describing: error))")
        return
      }
      #expect(value.bitPattern == quantity.bitPattern)
    }

    @Test(arguments: [Double.leastNonzeroMagnitude, 1e-9, 0.5, 1, 1e6])
    func acceptsPositiveQuantity(_ quantity: Double) throws {
      #expect(try Fixture.entry(quantity: quantity).quantity == quantity)
    }

    // MARK: - Food name

    @Test(arguments: ["", " ", "   ", "\t\n", "\u{00A0}\u{2003}", "\r\n "])
    func rejectsBlankFoodName(_ name: String) {
      #expect(throws: FoodEntryValidationError.emptyFoodName) { try Fixture.entry(foodName: name) }
    }

    @Test(arguments: ["x", " egg ", "🥚"])
    func acceptsFoodNameWithText(_ name: String) throws {
      #expect(try Fixture.entry(foodName: name).foodName == name)
    }

    // MARK: - Nutrition

    @Test(arguments: [
      "calories", "protein", "carbohydrates", "fat", "fiber", "sugar", "micronutrients.sodium_mg",
    ])
    func rejectsNegativeNutrient(_ field: String) {
      for bad in [-1.0, -Double.leastNonzeroMagnitude, Double.nan, Double.infinity, -Double.infinity] {
        let error = #expect(throws: FoodEntryValidationError.self) { try Self.entry(setting: field, to: bad) }
        guard case .negativeNutrition(let name, let value)? = error else {
          Issue.record("\(field) = \(bad): expected negativeNutrition, got \(String(describing: error))")
          continue
        }
        #expect(name == field)
        #expect(value.bitPattern == bad.bitPattern)
      }
    }

    @Test(arguments: [
      "calories", "protein", "carbohydrates", "fat", "fiber", "sugar", "micronutrients.sodium_mg",
    ])
    func acceptsZeroNutrient(_ field: String) throws {
      #expect(try Self.entry(setting: field, to: 0).isValid)
      #expect(try Self.entry(setting: field, to: -0.0).isValid)
    }

    @Test func micronutrientsAreCheckedInNameOrder() {
      let error = #expect(throws: FoodEntryValidationError.self) {
        try Fixture.entry(micronutrients: ["zinc_mg": -1, "calcium_mg": -2, "iron_mg": 3])
      }
      #expect(error == .negativeNutrition(field: "micronutrients.calcium_mg", value: -2))
    }

    // MARK: - Confidence

    @Test(arguments: [0.0, -0.0, 0.5, 1.0, Double.leastNonzeroMagnitude, 1.0.nextDown])
    func acceptsConfidence(_ confidence: Double) throws {
      #expect(try Fixture.entry(confidence: confidence).confidence == confidence)
    }

    @Test(arguments: [
      1.0000001, 1.0.nextUp, -0.0000001, -Double.leastNonzeroMagnitude, Double.nan, Double.infinity,
    ])
    func rejectsConfidence(_ confidence: Double) {
      let error = #expect(throws: FoodEntryValidationError.self) { try Fixture.entry(confidence: confidence) }
      guard case .invalidConfidence(let value)? = error else {
        Issue.record("expected invalidConfidence, got \(String(describing: error))")
        return
      }
      #expect(value.bitPattern == confidence.bitPattern)
    }

    // MARK: - Order, isValid, messages

    @Test func reportsTheFirstBrokenRule() {
      #expect(throws: FoodEntryValidationError.emptyFoodName) {
        try Fixture.entry(foodName: " ", quantity: 0, calories: -1, confidence: 2)
      }
      #expect(throws: FoodEntryValidationError.invalidQuantity(0)) {
        try Fixture.entry(quantity: 0, calories: -1, confidence: 2)
      }
      #expect(throws: FoodEntryValidationError.negativeNutrition(field: "fat", value: -1)) {
        try Fixture.entry(fat: -1, confidence: 2)
      }
    }

    @Test func isValidFollowsChanges() throws {
      var entry = try Fixture.entry()
      #expect(entry.isValid)
      entry.quantity = 0
      #expect(!entry.isValid)
      #expect(throws: FoodEntryValidationError.invalidQuantity(0)) { try entry.validate() }
      entry.quantity = 1
      entry.confidence = .nan
      #expect(!entry.isValid)
      entry.confidence = 1
      entry.micronutrients["iron_mg"] = -0.5
      #expect(!entry.isValid)
      entry.micronutrients["iron_mg"] = 0.5
      entry.foodName = "\n"
      #expect(!entry.isValid)
      entry.foodName = "eggs"
      #expect(entry.isValid)
    }

    @Test(arguments: [
      (
        FoodEntryValidationError.invalidQuantity(0),
        "\"quantity\" must be a finite number greater than 0, got 0; write how much was eaten in the "
          + "entry's unit, e.g. 1 or 0.5"
      ),
      (
        .emptyFoodName,
        "\"foodName\" must not be empty or only spaces; name the food, e.g. \"scrambled eggs\""
      ),
      (
        .negativeNutrition(field: "protein", value: -12.5),
        "\"protein\" must be a finite number ≥ 0, got -12.5; write 0 when the food has none"
      ),
      (
        .negativeNutrition(field: "calories", value: .infinity),
        "\"calories\" must be a finite number ≥ 0, got inf; write 0 when the food has none"
      ),
      (
        .invalidConfidence(1.5),
        "\"confidence\" must be a number from 0 to 1, got 1.5; write 1 for an entry you are sure of"
      ),
      (
        .invalidConfidence(.nan),
        "\"confidence\" must be a number from 0 to 1, got nan; write 1 for an entry you are sure of"
      ),
    ])
    func messagesNameTheKeyAndTheFix(error: FoodEntryValidationError, expected: String) {
      #expect(error.message == expected)
      #expect(error.description == expected)
    }

    // MARK: - Helpers

    /// The fixture entry with one nutrient set to `value`.
    static func entry(setting field: String, to value: Double) throws(FoodEntryValidationError) -> FoodEntry {
      switch field {
      case "calories": return try Fixture.entry(calories: value)
      case "protein": return try Fixture.entry(protein: value)
      case "carbohydrates": return try Fixture.entry(carbohydrates: value)
      case "fat": return try Fixture.entry(fat: value)
      case "fiber": return try Fixture.entry(fiber: value)
      case "sugar": return try Fixture.entry(sugar: value)
      default:
        return try Fixture.entry(micronutrients: [String(field.dropFirst("micronutrients.".count)): value])
      }
    }
  }
}
