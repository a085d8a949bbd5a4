import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension IngredientDatabaseTests {
  /// Ranked search (`IngredientRanking`): whole words before prefixes before typos before substrings,
  /// the name's leading part first, plain forms before processed ones, plurals, variants, aliases.
  @Suite struct IngredientSearchTests {
    static let foods: [Ingredient] = [
      try! IngredientFixtures.custom("a1", "butter, whipped, with salt", category: .fat),
      try! IngredientFixtures.custom("a2", "butter, salted", category: .fat),
      try! IngredientFixtures.custom("a3", "peanut butter", category: .protein),
      try! IngredientFixtures.custom("a4", "buttermilk, fluid", category: .dairy),
      try! IngredientFixtures.custom(
        "a5", "spices, cinnamon, ground", aliases: ["cassia"], category: .condiment),
      try! IngredientFixtures.custom("a6", "egg rolls, pork", category: .protein),
      try! IngredientFixtures.custom("a7", "egg, whole, raw, fresh", category: .protein),
      try! IngredientFixtures.custom("a8", "jalapeño peppers", category: .vegetable),
      try! IngredientFixtures.custom("a9", "chicken, breast, raw", category: .protein),
      try! IngredientFixtures.custom("b1", "yogurt, plain", category: .dairy),
      try! IngredientFixtures.custom(
        "b2", "beverages, carbonated, cola", aliases: ["coke"], category: .beverage),
      try! IngredientFixtures.custom("b3", "egg, dried, powder", category: .protein),
    ]

    static func names(_ query: String, _ category: IngredientCategory? = nil) -> [String] {
      IngredientSearch.search(foods, query: query, category: category).map(\.name)
    }

    @Test func wholeWordsComeBeforePrefixesAndSubstrings() {
      #expect(
        Self.names("butter") == [
          "butter, salted", "butter, whipped, with salt",  // whole word, leading part
          "peanut butter",  // whole word, one other word in its part
          "buttermilk, fluid",  // prefix
        ])
      #expect(Self.names("milk") == ["buttermilk, fluid"])  // substring only
    }

    @Test func theLeadingPartAndPlainFormsComeFirst() {
      #expect(Self.names("egg") == ["egg, whole, raw, fresh", "egg, dried, powder", "egg rolls, pork"])
    }

    @Test func pluralsVariantsAndTyposMatch() {
      #expect(Self.names("eggs").first == "egg, whole, raw, fresh")
      #expect(Self.names("yoghurt") == ["yogurt, plain"])
      #expect(Self.names("chiken breast") == ["chicken, breast, raw"])
      #expect(Self.names("BREASTS, Chicken") == ["chicken, breast, raw"])
    }

    @Test func aliasesCount() {
      #expect(Self.names("coke") == ["beverages, carbonated, cola"])
      #expect(Self.names("cassia") == ["spices, cinnamon, ground"])
    }

    @Test func ignoresCaseAndAccents() {
      #expect(Self.names("JALAPENO") == ["jalapeño peppers"])
      #expect(Self.names("Jalapeño Pep") == ["jalapeño peppers"])
    }

    @Test func filtersByCategory() {
      #expect(Self.names("butter", .fat) == ["butter, salted", "butter, whipped, with salt"])
      #expect(Self.names("butter", .beverage).isEmpty)
    }

    @Test(arguments: ["", "   ", ",.-"])
    func aTermWithoutWordsFindsNothing(term: String) {
      #expect(Self.names(term).isEmpty)
    }

    @Test func everyWordMustMatchElseTheClosestAreSuggested() {
      let index = IngredientIndex(Self.foods)
      let result = index.search("butter zzzz")
      #expect(result.hits.isEmpty)
      #expect(
        result.closest.map { Self.foods[$0.food].name }.prefix(2) == [
          "butter, salted", "butter, whipped, with salt",
        ])
    }

    @Test func foodsTheJournalUsesRise() {
      let index = IngredientIndex(Self.foods)
      let plain = index.search("butter").hits.map { Self.foods[$0.food].id }
      let used = index.search("butter", uses: { $0 == "a1" ? 3 : 0 }).hits.map { Self.foods[$0.food].id }
      #expect(plain.first == "a2")
      #expect(used.first == "a1")
    }

    @Test func usesWholeWordsForShortQueries() {
      // "ch" is a prefix of chicken; one letter matches nothing by typo or substring.
      #expect(Self.names("ch") == ["chicken, breast, raw"])
      #expect(Self.names("x").isEmpty)
    }
  }

  /// The compact table: what it encodes reads back equal, with the same index, and a journal's
  /// ingredient of the same id overrides the table's in a catalog.
  @Suite struct IngredientTableTests {
    @Test func readsBackEveryExcerptFood() throws {
      let ingredients = IngredientDatabase.load(bytes: try IngredientFixtures.excerpt(), path: "excerpt")
        .database.ingredients
      let bytes = Array(try IngredientTable.encode(ingredients).utf8)
      try bytes.withUnsafeBufferPointer { buffer in
        let table = try IngredientTable(bytes: buffer)
        #expect(table.count == ingredients.count)
        for ingredient in ingredients {
          #expect(table.ingredient(withID: ingredient.id) == ingredient)
        }
        let read = try table.makeIndex()
        let byID = ingredients.sorted { $0.id < $1.id }
        let fresh = IngredientIndex(byID)
        #expect(read.search("egg").hits == fresh.search("egg").hits)
        #expect(read.foods.map(\.id) == fresh.foods.map(\.id))
        #expect(read.foods.indices.map(read.name(of:)) == byID.map(\.name))
        #expect(read.foods.indices.map(read.name(of:)) == fresh.foods.indices.map(fresh.name(of:)))
        #expect(read.foods.map(\.prior) == fresh.foods.map(\.prior))
        #expect(read.foods.map(\.category) == fresh.foods.map(\.category))
        #expect(table.position(ofID: "no-such-id") == nil)
      }
    }

    @Test func aFoodWhoseDataLiesOutsideTheTableGivesNothing() throws {
      let ingredient = try IngredientFixtures.custom("d1", "dates, raw")
      let text = try IngredientTable.encode([ingredient])
      // The index line's last field says where the data is (`start:length`); point it past the end.
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let row = try #require(lines.firstIndex { $0.hasPrefix("d1\t") })
      var fields = lines[row].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let length = try #require(fields.last?.split(separator: ":").last)
      fields[fields.count - 1] = "999:\(length)"
      lines[row] = fields.joined(separator: "\t")
      let moved = lines.joined(separator: "\n")
      #expect(moved != text)
      try Array(text.utf8).withUnsafeBufferPointer { buffer in
        let table = try IngredientTable(bytes: buffer)
        #expect(table.ingredient(withID: "d1") == ingredient)
      }
      try Array(moved.utf8).withUnsafeBufferPointer { buffer in
        let table = try IngredientTable(bytes: buffer)
        #expect(table.position(ofID: "d1") == 0)
        #expect(table.ingredient(withID: "d1") == nil)
      }
    }

    @Test func refusesTextItCannotHold() throws {
      let tabbed = try IngredientFixtures.custom("t1", "tab\there")
      #expect(throws: IngredientTable.FormatError.self) { try IngredientTable.encode([tabbed]) }
    }

    @Test func refusesBytesOfAnotherFormat() {
      let bytes = Array("something else\n".utf8)
      let opened = bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(IngredientTable.FormatError) in try IngredientTable(bytes: buffer) }
      }
      #expect(throws: IngredientTable.FormatError.self) { try opened.get() }
    }

    @Test func theJournalsIngredientOverridesTheTables() throws {
      let builtIn = [
        try IngredientFixtures.custom("x1", "apples, raw"),
        try IngredientFixtures.custom("x2", "apple juice"),
      ]
      let bytes = Array(try IngredientTable.encode(builtIn).utf8)
      try bytes.withUnsafeBufferPointer { buffer in
        let table = try IngredientTable(bytes: buffer)
        let index = try table.makeIndex()
        let own = IngredientDatabase(ingredients: [
          try IngredientFixtures.custom("x1", "apples, my own", calories: 1)
        ])
        let catalog = IngredientCatalog(own: own, builtIn: table, builtInIndex: index)
        #expect(catalog.ingredient(withID: "x1")?.name == "apples, my own")
        #expect(catalog.ingredient(withID: "x2")?.name == "apple juice")
        #expect(catalog.count == 2)
        let found = catalog.search("apple").matches.map(\.ingredient.name)
        #expect(found.sorted() == ["apple juice", "apples, my own"])
        #expect(catalog.resolve("apple juice")?.id == "x2")
        #expect(catalog.resolve("zzzz") == nil)
      }
    }
  }
}
