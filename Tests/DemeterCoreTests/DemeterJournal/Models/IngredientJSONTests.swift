import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension ModelTests {
  @Suite struct IngredientJSONTests {
    typealias Fixture = ModelFixtures

    @Test func decodesButterFromTheSharedFile() throws {
      let butter = try Ingredient(json: Fixture.butter)
      #expect(butter.id == "usda-sr-01001")
      #expect(butter.name == "butter, salted")
      #expect(butter.aliases.isEmpty)
      #expect(butter.caloriesPer100g == 717)
      #expect(butter.proteinPer100g == 0.85)
      #expect(butter.carbsPer100g == 0.06)
      #expect(butter.fatPer100g == 81.11)
      #expect(butter.fiberPer100g == 0)
      #expect(butter.sugarPer100g == 0.06)
      #expect(butter.commonServingSize == 5)
      #expect(butter.commonServingUnit == "g")
      #expect(butter.commonServingDescription == "1 pat (1\" sq, 1/3\" high)")
      #expect(butter.category == .fat)
      #expect(butter.subcategory == "Dairy and Egg Products")
      #expect(butter.source == .usda)
      #expect(butter.verificationStatus == .verified)
      #expect(butter.micronutrientsPer100g.count == 30)
      #expect(butter.micronutrientsPer100g["sodium_mg"] == 643)
      #expect(butter.micronutrientsPer100g["saturated_fat_g"] == 51.368)
      #expect(
        butter.servingSizeVariations.map(\.description) == [
          "1 pat (1\" sq, 1/3\" high)", "1 tbsp", "1 cup", "1 stick",
        ])
      #expect(butter.servingSizeVariations.map(\.gramsEquivalent) == [5, 14.2, 227, 113])
      #expect(butter.servingSizeVariations[1].amount == 1)
      #expect(butter.servingSizeVariations[1].unit == "tbsp")
      #expect(butter.sourceRef == "USDA SR28 NDB 01001")
      #expect(butter.tags.isEmpty && butter.usageCount == 0 && butter.lastUpdated == nil)
    }

    @Test(arguments: [Fixture.butter, Fixture.cinnamon, Fixture.salsa])
    func encodingGivesBackTheFileLine(object: JSONObject) throws {
      let ingredient = try Ingredient(json: object)
      #expect(ingredient.jsonObject() == object)
      #expect(try Ingredient(json: ingredient.jsonObject()) == ingredient)
    }

    @Test func decodesAliasesAndOmittedKeys() throws {
      let cinnamon = try Ingredient(json: Fixture.cinnamon)
      #expect(cinnamon.aliases == ["cassia"])
      #expect(cinnamon.matches(searchTerm: "Cassia"))
      let salsa = try Ingredient(json: Fixture.salsa)
      #expect(salsa.sugarPer100g == nil)
      #expect(salsa.servingSizeVariations.isEmpty)
      #expect(salsa.commonServingDescription == nil)
    }

    @Test func optionalKeysRoundTripAfterTheFileKeys() throws {
      var object = Fixture.replacing("lastUpdated", with: .string("2026-11-21"), in: Fixture.salsa)
      object = Fixture.replacing("usageCount", with: Fixture.number("12"), in: object)
      object = Fixture.replacing("tags", with: .array([.string("mexican"), .string("dip")]), in: object)
      let salsa = try Ingredient(json: object)
      #expect(salsa.lastUpdated == CivilDate(year: 2026, month: 11, day: 21))
      #expect(salsa.usageCount == 12)
      #expect(salsa.tags == ["mexican", "dip"])
      let keys = salsa.jsonObject().members.map(\.key)
      #expect(keys.suffix(4) == ["sourceRef", "tags", "usageCount", "lastUpdated"])
      #expect(try Ingredient(json: salsa.jsonObject()) == salsa)
    }

    @Test func portionWithItsOwnDescriptionRoundTrips() throws {
      let portions = JSONValue.array([
        .object(
          Fixture.object([
            ("amount", Fixture.number("0.5")), ("unit", .string("cup")), ("grams", Fixture.number("64")),
            ("description", .string("half a cup")),
          ])),
        Fixture.portion("2", "tbsp", "32"),
      ])
      let object = Fixture.replacing("portions", with: portions, in: Fixture.salsa)
      let salsa = try Ingredient(json: object)
      #expect(salsa.servingSizeVariations.map(\.description) == ["half a cup", "2 tbsp"])
      #expect(salsa.jsonObject()["portions"] == portions)
    }

    @Test func defaultsForAbsentOptionalKeys() throws {
      let object = Fixture.object([
        ("id", .string("custom-1")), ("name", .string("Grandma's stew")),
        ("caloriesPer100g", Fixture.number("95")),
        ("proteinPer100g", Fixture.number("6.5")), ("carbsPer100g", Fixture.number("8")),
        ("fatPer100g", Fixture.number("4.25")), ("category", .string("protein")), ("subcategory", .null),
        ("aliases", .null), ("fiberPer100g", .null),
      ])
      let stew = try Ingredient(json: object)
      #expect(stew.source == .custom)
      #expect(stew.verificationStatus == .unverified)
      #expect(stew.commonServingSize == 100 && stew.commonServingUnit == "g")
      #expect(stew.subcategory == nil && stew.fiberPer100g == nil && stew.aliases.isEmpty)
      #expect(stew.micronutrientsPer100g.isEmpty)
      #expect(
        stew.jsonObject().members.map(\.key) == [
          "id", "name", "aliases", "caloriesPer100g", "proteinPer100g", "carbsPer100g", "fatPer100g",
          "commonServingSize", "commonServingUnit", "category", "source", "verificationStatus",
          "micronutrientsPer100g",
        ])
    }

    @Test func unknownKeysAreIgnoredAndNotWritten() throws {
      let object = Fixture.replacing("brandOwner", with: .string("ACME"), in: Fixture.cinnamon)
      let cinnamon = try Ingredient(json: object)
      #expect(cinnamon == (try Ingredient(json: Fixture.cinnamon)))
      #expect(cinnamon.jsonObject() == Fixture.cinnamon)
    }

    @Test func otherMicronutrientsFollowTheKnownOnesSorted() throws {
      let micronutrients = JSONValue.object(
        Fixture.object([
          ("zeta_mg", Fixture.number("1")), ("water_g", Fixture.number("89.7")),
          ("alpha_ug", Fixture.number("2")),
          ("sodium_mg", Fixture.number("430")),
        ]))
      let salsa = try Ingredient(
        json: Fixture.replacing("micronutrientsPer100g", with: micronutrients, in: Fixture.salsa))
      guard case .object(let written)? = salsa.jsonObject()["micronutrientsPer100g"] else {
        Issue.record("micronutrientsPer100g was not written as an object")
        return
      }
      #expect(written.members.map(\.key) == ["sodium_mg", "water_g", "alpha_ug", "zeta_mg"])
    }

    @Test func numbersAreWrittenInShortestForm() throws {
      let object = Fixture.replacing("fatPer100g", with: Fixture.number("0.20"), in: Fixture.salsa)
      let salsa = try Ingredient(
        json: Fixture.replacing("caloriesPer100g", with: Fixture.number("3.6e1"), in: object))
      #expect(salsa.jsonObject()["caloriesPer100g"] == Fixture.number("36"))
      #expect(salsa.jsonObject()["fatPer100g"] == Fixture.number("0.2"))
      let tiny = try Ingredient(
        json: Fixture.replacing("proteinPer100g", with: Fixture.number("0.00001"), in: Fixture.salsa))
      #expect(tiny.jsonObject()["proteinPer100g"] == Fixture.number("0.00001"))
    }

    // MARK: - Errors

    static let categories = "protein, vegetable, fruit, grain, dairy, fat, beverage, snack, condiment"

    @Test(
      arguments: [
        ("caloriesPer100g", Fixture.number("-5"), "\"caloriesPer100g\" must be a number ≥ 0, got -5"),
        ("caloriesPer100g", .string("abc"), "\"caloriesPer100g\" must be a number ≥ 0, got \"abc\""),
        ("proteinPer100g", .bool(true), "\"proteinPer100g\" must be a number ≥ 0, got true"),
        ("carbsPer100g", .array([]), "\"carbsPer100g\" must be a number ≥ 0, got an array"),
        ("fiberPer100g", .string("1.4"), "\"fiberPer100g\" must be a number ≥ 0, got \"1.4\""),
        ("id", Fixture.number("42"), "\"id\" must be a non-empty string, got 42"),
        ("name", .string("  "), "\"name\" must be a non-empty string, got \"\""),
        ("aliases", .string("salsa"), "\"aliases\" must be an array of strings, got \"salsa\""),
        ("aliases", .array([.string("dip"), Fixture.number("1")]), "\"aliases[1]\" must be a string, got 1"),
        ("category", .string("meat"), "\"category\" must be one of \(categories), got \"meat\""),
        (
          "source", .string("USDA"),
          "\"source\" must be one of usda, nutritionix, custom, userContributed, got \"USDA\""
        ),
        (
          "verificationStatus", .bool(false),
          "\"verificationStatus\" must be one of verified, pending, unverified, got false"
        ),
        ("commonServingSize", Fixture.number("0"), "\"commonServingSize\" must be a number > 0, got 0"),
        ("commonServingUnit", Fixture.number("100"), "\"commonServingUnit\" must be a string, got 100"),
        (
          "micronutrientsPer100g", .array([]),
          "\"micronutrientsPer100g\" must be an object of names and numbers ≥ 0, got an array"
        ),
        (
          "micronutrientsPer100g", .object(Fixture.object([("sodium_mg", .string("430 mg"))])),
          "\"micronutrientsPer100g.sodium_mg\" must be a number ≥ 0, got \"430 mg\""
        ),
        (
          "micronutrientsPer100g", .object(Fixture.object([("iron_mg", Fixture.number("-2.24"))])),
          "\"micronutrientsPer100g.iron_mg\" must be a number ≥ 0, got -2.24"
        ),
        (
          "portions", .object(Fixture.object([])),
          "\"portions\" must be an array of {\"amount\", \"unit\", \"grams\"} objects, got an object"
        ),
        (
          "portions", .array([Fixture.portion("1", "cup", "240"), .string("1 cup")]),
          "\"portions[1]\" must be an object with \"amount\", \"unit\" and \"grams\", got \"1 cup\""
        ),
        (
          "portions", .array([Fixture.portion("1", "cup", "0")]),
          "\"portions[0].grams\" must be a number > 0, got 0"
        ),
        (
          "portions",
          .array([.object(Fixture.object([("amount", Fixture.number("1")), ("unit", .string("cup"))]))]),
          "\"portions[0].grams\" is missing; every portion needs \"amount\", \"unit\" and \"grams\""
        ),
        (
          "portions",
          .array([
            .object(
              Fixture.object([
                ("amount", Fixture.number("1")), ("unit", .null), ("grams", Fixture.number("9")),
              ])
            )
          ]),
          "\"portions[0].unit\" is missing; every portion needs \"amount\", \"unit\" and \"grams\""
        ),
        (
          "lastUpdated", .string("yesterday"),
          "\"lastUpdated\" must be a date written YYYY-MM-DD, got \"yesterday\""
        ),
        (
          "lastUpdated", .string("2026-02-30"),
          "\"lastUpdated\" must be a date written YYYY-MM-DD, got \"2026-02-30\""
        ),
        ("usageCount", Fixture.number("1.5"), "\"usageCount\" must be a whole number ≥ 0, got 1.5"),
        ("usageCount", Fixture.number("-1"), "\"usageCount\" must be a whole number ≥ 0, got -1"),
        ("tags", .array([.null]), "\"tags[0]\" must be a string, got null"),
        ("sourceRef", .string("x"), nil),
      ] as [(String, JSONValue, String?)])
    func badFieldIsNamedInTheMessage(key: String, value: JSONValue, message: String?) {
      let object = Fixture.replacing(key, with: value, in: Fixture.salsa)
      if let message {
        #expect(throws: ModelError.validationError(message)) { try Ingredient(json: object) }
      } else {
        #expect(throws: Never.self) { try Ingredient(json: object) }
      }
    }

    @Test(arguments: [
      "id", "name", "caloriesPer100g", "proteinPer100g", "carbsPer100g", "fatPer100g", "category",
    ])
    func missingRequiredKeyIsNamed(key: String) {
      let expectation =
        switch key {
        case "id", "name": "a non-empty string"
        case "category": "one of \(Self.categories)"
        default: "a number ≥ 0"
        }
      let message = "\"\(key)\" is missing; it must be \(expectation)"
      #expect(throws: ModelError.validationError(message)) {
        try Ingredient(json: Fixture.replacing(key, with: nil, in: Fixture.salsa))
      }
      #expect(throws: ModelError.validationError(message)) {
        try Ingredient(json: Fixture.replacing(key, with: .null, in: Fixture.salsa))
      }
    }

    @Test func longOrControlTextIsCutAndMadeVisible() {
      let long = String(repeating: "x", count: 60)
      let object = Fixture.replacing("category", with: .string("\u{1B}[31m" + long), in: Fixture.salsa)
      let error = #expect(throws: ModelError.self) { try Ingredient(json: object) }
      let shown = "\"\\u{1b}[31m" + String(repeating: "x", count: 35) + "…\""
      #expect(error?.message == "\"category\" must be one of \(Self.categories), got \(shown)")
    }

    @Test(arguments: [
      (ModelError.validationError("\"x\" must be a number"), "\"x\" must be a number"),
      (
        .notFound("ingredient \"usda-sr-99999\""),
        "ingredient \"usda-sr-99999\" was not found; check the spelling, or list what exists first"
      ),
      (.relationshipError("entry \"a\" is dated 2026-11-22"), "entry \"a\" is dated 2026-11-22"),
      (
        .persistenceError("ingredients.jsonl: disk full"),
        "could not read or write stored data: ingredients.jsonl: disk full"
      ),
    ])
    func modelErrorMessages(error: ModelError, expected: String) {
      #expect(error.message == expected)
      #expect(error.description == expected)
    }
  }
}
