import Testing

@testable import DemeterCore

extension IngredientDatabaseTests {
  /// Ranked search: exact name > name prefix > alias > all words > substring; ties by name.
  @Suite struct IngredientSearchTests {
    static let foods: [Ingredient] = [
      try! IngredientFixtures.custom("a1", "butter, whipped, with salt", category: .fat),
      try! IngredientFixtures.custom("a2", "butter", category: .fat),
      try! IngredientFixtures.custom("a3", "peanut butter", category: .protein),
      try! IngredientFixtures.custom("a4", "butter, salted", category: .fat),
      try! IngredientFixtures.custom(
        "a5", "spices, cinnamon, ground", aliases: ["cassia"], category: .condiment),
      try! IngredientFixtures.custom("a6", "cookies, butter", aliases: ["butter biscuits"], category: .snack),
      try! IngredientFixtures.custom("a7", "jalapeño peppers", category: .vegetable),
      try! IngredientFixtures.custom("a8", "buttermilk", category: .dairy),
    ]

    static func names(_ query: String, _ category: IngredientCategory? = nil) -> [String] {
      IngredientSearch.search(foods, query: query, category: category).map(\.name)
    }

    @Test func ranksExactThenPrefixThenAliasThenWordsThenSubstring() {
      #expect(
        Self.names("butter") == [
          "butter",  // exact
          "butter, salted", "butter, whipped, with salt", "buttermilk",  // name prefix, by name
          "cookies, butter",  // alias "butter biscuits"
          "peanut butter",  // all words
        ])
      #expect(Self.names("salted butter") == ["butter, salted"])
      #expect(Self.names("cassia") == ["spices, cinnamon, ground"])
      #expect(Self.names("alted") == ["butter, salted"])
    }

    @Test func ranksAreAsDocumented() throws {
      func rank(_ id: String, _ term: String) -> IngredientSearch.Rank? {
        IngredientSearch.rank(of: Self.foods.first { $0.id == id }!, for: term)
      }
      #expect(rank("a2", "BUTTER") == .exactName)
      #expect(rank("a4", "Butter, sal") == .namePrefix)
      #expect(rank("a5", "cass") == .alias)
      #expect(rank("a5", "ground cinn") == .allWords)
      #expect(rank("a4", "ter, sal") == .substring)
      #expect(rank("a4", "margarine") == nil)
    }

    @Test func ignoresCaseAndAccents() {
      #expect(Self.names("JALAPENO") == ["jalapeño peppers"])
      #expect(Self.names("Jalapeño Pep") == ["jalapeño peppers"])
    }

    @Test func filtersByCategory() {
      #expect(Self.names("butter", .fat) == ["butter", "butter, salted", "butter, whipped, with salt"])
      #expect(Self.names("butter", .beverage).isEmpty)
    }

    @Test(arguments: ["", "   ", ",.-"])
    func aTermWithoutWordsFindsNothing(term: String) {
      #expect(Self.names(term).isEmpty)
    }

    /// Search finds exactly what `Ingredient.matches(searchTerm:)` finds, over the USDA excerpt.
    @Test(arguments: ["egg", "cheese cottage", "raw", "buffalo", "lean fat", "soda", "ttag", "ch"])
    func findsExactlyWhatMatchesFinds(term: String) throws {
      let ingredients = IngredientDatabase.load(
        bytes: try IngredientFixtures.excerpt(), path: "excerpt"
      ).database.ingredients
      let found = IngredientSearch.search(ingredients, query: term)
      #expect(Set(found.map(\.id)) == Set(ingredients.filter { $0.matches(searchTerm: term) }.map(\.id)))
      let ranks = found.map { IngredientSearch.rank(of: $0, for: term)! }
      #expect(ranks == ranks.sorted())
    }
  }
}
