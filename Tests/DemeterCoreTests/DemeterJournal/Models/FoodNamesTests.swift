import Testing

@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The foods with alcohol by name (`FoodNames`, `IngredientAlcohol.food(named:)`): only a folded
/// name or alias equal to exactly one food's counts, and only for an entry matched to nothing.
@Suite struct FoodNamesTests {
  static let billion: Int64 = 1_000_000_000

  static func drink(_ id: String, _ name: String, aliases: [String] = [], alcohol: Double = 3.9) -> Ingredient {
    try! Ingredient(
      id: id, name: name, aliases: aliases, caloriesPer100g: 43, proteinPer100g: 0.46, carbsPer100g: 3.55,
      fatPer100g: 0, micronutrientsPer100g: alcohol > 0 ? ["alcohol_g": alcohol] : [:], category: .beverage)
  }

  static let beer = drink("beer-1", "alcoholic beverage, beer, regular", aliases: ["beer", "lager"])

  @Test func aFoldedNameOrAliasFindsTheFood() {
    let alcohol = IngredientAlcohol([Self.beer, Self.drink("rose-1", "Rosé wine", alcohol: 9.6)])
    #expect(alcohol.food(named: "beer")?.id == "beer-1")
    #expect(alcohol.food(named: "  BEER ")?.id == "beer-1")
    #expect(alcohol.food(named: "Lager")?.name == "alcoholic beverage, beer, regular")
    #expect(alcohol.food(named: "ALCOHOLIC BEVERAGE, BEER, REGULAR")?.id == "beer-1")
    #expect(alcohol.food(named: "rose wine")?.id == "rose-1")
  }

  /// ASCII names fold byte by byte: the same foods as folding through Unicode (`SearchFolding`, then
  /// trimming) finds, for names given as text and as bytes.
  @Test func namesFoldAsSearchFoldsThem() {
    let written = ["beer-1": ["Beer", "lager"], "wine-1": ["Rosé wine", "vin\trouge"], "x": ["a b", "Ä"]]
    let names = FoodNames(written)
    var reference: [String: String] = [:]
    for (id, list) in written {
      for name in list { reference[SearchFolding.folded(name).trimmingSpacesAndNewlines()] = id }
    }
    var generator = SystemRandomNumberGenerator()
    let pieces = ["beer", "BEER", "Lager", "rosé", "ROSÉ", "wine", "vin", "rouge", "a", "b", "Ä", "\u{301}", "A"]
    let spaces = ["", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2003}"]
    for _ in 0..<2_000 {
      var name = spaces.randomElement(using: &generator)!
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        name += pieces.randomElement(using: &generator)! + spaces.randomElement(using: &generator)!
      }
      let expected = reference[SearchFolding.folded(name).trimmingSpacesAndNewlines()]
      var bytes = name
      #expect(bytes.withUTF8 { names.id(namedUTF8: $0) } == expected, "\(name.debugDescription)")
      #expect(names.id(named: name) == expected, "\(name.debugDescription)")
    }
    #expect(Array("  LAGER\n".utf8).withUnsafeBufferPointer { names.id(namedUTF8: $0) } == "beer-1")
  }

  @Test func nothingButEqualityCounts() {
    let alcohol = IngredientAlcohol([Self.beer])
    for name in ["root beer", "ginger beer", "beers", "beer, regular", "bee", ""] {
      #expect(alcohol.food(named: name) == nil, "\(name)")
    }
  }

  @Test func aNameTwoFoodsShareFindsNeither() {
    let alcohol = IngredientAlcohol([Self.beer, Self.drink("beer-2", "craft beer", aliases: ["Beer"])])
    #expect(alcohol.food(named: "beer") == nil)
    #expect(alcohol.food(named: "craft beer")?.id == "beer-2")
    #expect(alcohol.food(named: "lager")?.id == "beer-1")
  }

  @Test func aFoodWithoutAlcoholHasNoName() {
    var alcohol = IngredientAlcohol([Self.beer])
    alcohol.update(with: [Self.drink("beer-1", "beer", alcohol: 0)])
    #expect(alcohol.food(named: "beer") == nil)
    #expect(IngredientAlcohol([Self.drink("soda", "soda", alcohol: 0)]).food(named: "soda") == nil)
  }

  @Test func theNamesReadBackFromTheText() throws {
    let odd = Self.drink("odd-1", "beer, 5%/vol = strong", aliases: ["a,b", "x/y%z"])
    let alcohol = IngredientAlcohol([Self.beer, odd])
    let read = try #require(IngredientAlcohol(text: alcohol.text))
    #expect(read.text == alcohol.text)
    #expect(read.food(named: "beer, 5%/vol = strong")?.id == "odd-1")
    #expect(read.food(named: "a,b")?.id == "odd-1")
    #expect(read.food(named: "X/Y%Z")?.id == "odd-1")
    #expect(read.food(named: "lager")?.id == "beer-1")
    // Text without names (as written before names were kept) reads as shares alone.
    let plain = try #require(IngredientAlcohol(text: "beer-1=3900000000/43000000000"))
    #expect(plain.shares.count == 1 && plain.food(named: "beer") == nil)
    #expect(IngredientAlcohol(text: "beer-1=3900000000/43000000000=%4") == nil)
  }

  @Test func onlyAnUnmatchedEntryWithoutItsOwnAlcoholTakesIt() {
    var tolerance = EnergyConsistencyTolerance()
    tolerance.alcohol = IngredientAlcohol([Self.beer])
    let calories = 150 * Self.billion
    // 150 kcal of a food with 3.9 g alcohol per 43 kcal: 13.604… g.
    #expect(tolerance.alcohol(own: nil, ingredientID: String?.none, foodName: "Beer", calories: calories) == 13_604_651_162)
    #expect(tolerance.alcohol(own: 2 * Self.billion, ingredientID: String?.none, foodName: "beer", calories: calories) == 2 * Self.billion)
    #expect(tolerance.alcohol(own: nil, ingredientID: "water", foodName: "beer", calories: calories) == 0)
    #expect(tolerance.alcohol(own: nil, ingredientID: String?.none, foodName: "root beer", calories: calories) == 0)
    let share = "Beer".utf8CString.withUnsafeBufferPointer { chars in
      chars.withMemoryRebound(to: UInt8.self) {
        tolerance.alcohol.share(ofFoodNamed: UnsafeBufferPointer(rebasing: $0.dropLast()))
      }
    }
    #expect(share == tolerance.alcohol.share(ofID: "beer-1"))
  }
}
