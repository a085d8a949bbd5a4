import BuiltInIngredients
import DemeterCore
import Testing

/// The ranking people should trust, on the built-in USDA table: for everyday queries, the food a
/// person means is the first result (or within the first few where several forms are equally
/// plain). Passing comes from the ranking rules (`IngredientRanking`), not from these words.
@Suite struct RankingTests {
  /// A query, the food expected, and the place it must reach (1: first).
  struct Case: Sendable, CustomTestStringConvertible {
    var query: String
    var expected: String
    var within: Int
    var testDescription: String { "\(query) → \(expected)" }

    init(_ query: String, _ expected: String, within: Int = 1) {
      self.query = query
      self.expected = expected
      self.within = within
    }
  }

  static let catalog = BuiltInIngredients.catalog(own: IngredientDatabase())

  static let cases: [Case] = [
    Case("egg", "egg, whole, raw, fresh"),
    Case("eggs", "egg, whole, raw, fresh"),
    Case("scrambled eggs", "egg, whole, cooked, scrambled"),
    Case("boiled egg", "egg, whole, cooked, hard-boiled"),
    Case("chicken breast", "chicken, broilers or fryers, breast, meat only, cooked, roasted", within: 5),
    Case("chiken breast", "chicken, broilers or fryers, breast, meat only, cooked, roasted", within: 5),
    Case("milk", "milk, whole, 3.25% milkfat, with added vitamin d", within: 3),
    Case("whole milk", "milk, whole, 3.25% milkfat, with added vitamin d"),
    Case("skim milk", "milk, nonfat, fluid, with added vitamin a and vitamin d (fat free or skim)"),
    Case("banana", "bananas, raw"),
    Case("bananas", "bananas, raw"),
    Case("apple", "apples, raw, with skin"),
    Case("orange", "oranges, raw, all commercial varieties", within: 3),
    Case("rice", "rice, white, long-grain, regular, raw, enriched", within: 3),
    Case("white rice", "rice, white, long-grain, regular, raw, enriched", within: 3),
    Case("brown rice", "rice, brown, long-grain, raw", within: 3),
    Case(
      "oatmeal",
      "cereals, oats, regular and quick, unenriched, cooked with water (includes boiling and microwaving), "
        + "without salt"
    ),
    Case("greek yogurt", "yogurt, greek, plain, whole milk", within: 3),
    Case("yoghurt", "yogurt, plain, whole milk, 8 grams protein per 8 ounce", within: 3),
    Case("coke", "beverages, carbonated, cola, regular"),
    Case("soda", "beverages, carbonated, cola, regular", within: 3),
    Case(
      "diet coke", "beverages, carbonated, low calorie, cola or pepper-type, with aspartame, without caffeine"
    ),
    Case("bread", "bread, white, commercially prepared (includes soft bread crumbs)", within: 5),
    Case("white bread", "bread, white, commercially prepared (includes soft bread crumbs)", within: 3),
    Case("butter", "butter, salted"),
    Case("olive oil", "oil, olive, salad or cooking"),
    Case("salmon", "fish, salmon, sockeye, raw", within: 3),
    Case("cheddar", "cheese, cheddar"),
    Case("cheddar cheese", "cheese, cheddar"),
    Case("coffee", "beverages, coffee, brewed, prepared with tap water"),
    Case("tea", "beverages, tea, black, brewed, prepared with tap water", within: 5),
    Case("beer", "alcoholic beverage, beer, regular, all"),
    Case("red wine", "alcoholic beverage, wine, table, red"),
    Case("vodka", "alcoholic beverage, distilled, all (gin, rum, vodka, whiskey) 80 proof"),
    Case("orange juice", "orange juice, raw"),
    Case("peanut butter", "peanut butter, smooth style, with salt", within: 5),
    Case("avocado", "avocados, raw, all commercial varieties"),
    Case("almonds", "nuts, almonds"),
    Case("tomato", "tomatoes, red, ripe, raw, year round average"),
    Case("tomatoes", "tomatoes, red, ripe, raw, year round average"),
    Case("onion", "onions, raw"),
    Case("carrots", "carrots, raw"),
    Case("broccoli", "broccoli, raw"),
    Case("spinach", "spinach, raw"),
    Case("sweet potato", "sweet potato, raw, unprepared"),
    Case("potato", "potatoes, flesh and skin, raw", within: 5),
    Case("honey", "honey"),
    Case("sugar", "sugars, granulated", within: 3),
    Case("hummus", "hummus, commercial", within: 2),
    Case("lentils", "lentils, raw"),
    Case("black beans", "beans, black, mature seeds, raw"),
    Case("tuna", "fish, tuna, light, canned in water, drained solids", within: 10),
    Case("ground beef", "beef, ground, 80% lean meat / 20% fat, raw", within: 10),
    Case("ketchup", "catsup"),
    Case("mayo", "salad dressing, mayonnaise, regular"),
    Case("soy milk", "soymilk, original and vanilla, with added calcium, vitamins a and d"),
    Case("chilli", "peppers, hot chili, red, raw", within: 10),
    Case("almond milk", "beverages, almond milk, unsweetened, shelf stable", within: 3),
    Case("peas", "peas, green, raw", within: 3),
    Case("corn", "corn, sweet, yellow, raw", within: 2),
    Case("strawberries", "strawberries, raw"),
    Case("peanuts", "peanuts, all types, raw", within: 2),
    Case("turkey", "turkey, whole, meat only, raw", within: 3),
    Case("cheese", "cheese, cheddar", within: 3),
    Case("coca cola", "beverages, carbonated, cola, regular"),
    Case("pepsi", "beverages, carbonated, cola, regular"),
    Case("chicken", "chicken, broilers or fryers, meat only, raw", within: 3),
    Case("chiken", "chicken, broilers or fryers, meat only, raw", within: 3),
    Case("bananna", "bananas, raw"),
    Case("brocoli", "broccoli, raw"),
    Case("tomatoe", "tomatoes, red, ripe, raw, year round average"),
    Case("grapes", "grapes, red or green (european type, such as thompson seedless), raw", within: 3),
    Case("blueberries", "blueberries, raw"),
    Case("watermelon", "watermelon, raw"),
    Case("pear", "pears, raw"),
    Case("mango", "mangos, raw"),
    Case("pineapple", "pineapple, raw, all varieties"),
    Case("lemon", "lemons, raw, without peel"),
    Case("garlic", "garlic, raw"),
    Case("mushrooms", "mushrooms, white, raw"),
    Case("cucumber", "cucumber, with peel, raw", within: 2),
    Case("kale", "kale, raw"),
    Case("walnuts", "nuts, walnuts, english"),
    Case("cashews", "nuts, cashew nuts, raw", within: 2),
    Case("chickpeas", "chickpeas (garbanzo beans, bengal gram), mature seeds, raw"),
    Case("tofu", "tofu, raw, regular, prepared with calcium sulfate", within: 3),
    Case("cottage cheese", "cheese, cottage, creamed, large or small curd"),
    Case("cream cheese", "cheese, cream"),
    Case("cod", "fish, cod, atlantic, raw"),
    Case("shrimp", "crustaceans, shrimp, mixed species, raw (may have been previously frozen)", within: 2),
    Case("bacon", "pork, cured, bacon, unprepared", within: 3),
    Case("kiwi", "kiwifruit, green, raw"),
    Case("popcorn", "snacks, popcorn, air-popped", within: 3),
    Case("ice cream", "ice creams, vanilla", within: 3),
    Case("pasta", "pasta, cooked, enriched, without added salt", within: 3),
    Case("quinoa", "quinoa, cooked", within: 2),
    Case("raspberries", "raspberries, raw"),
    Case("raisins", "raisins, seedless"),
    Case("green tea", "beverages, tea, green, brewed, regular"),
    Case(
      "apple juice", "apple juice, canned or bottled, unsweetened, without added ascorbic acid", within: 2),
    Case("coconut oil", "oil, coconut"),
    Case("croissant", "croissants, butter"),
  ]

  @Test(arguments: cases)
  func findsTheEverydayFood(_ item: Case) {
    let result = Self.catalog.search(item.query, limit: item.within)
    let names = result.matches.map(\.ingredient.name)
    #expect(names.contains(item.expected), "\(item.query): got \(names)")
  }

  @Test func atLeastEightyQueries() {
    #expect(Set(Self.cases.map(\.query)).count >= 80)
  }

  /// Deli meat, a substitute or a low-fat variant is not the food a person means by its plain name.
  @Test func genericFoodsComeBeforeDeliSubstitutesAndVariants() {
    let markers = [("chicken breast", "sliced"), ("bacon", "meatless"), ("ice cream", "low carbohydrate")]
    for (query, marker) in markers {
      let first = Self.catalog.search(query, limit: 1).matches.first?.ingredient.name ?? ""
      #expect(!first.contains(marker), "\(query): got \(first)")
    }
  }

  @Test func plainFormsComeBeforeBabyFoodAndBrands() {
    let names = Self.catalog.search("banana", limit: 3).matches.map(\.ingredient.name)
    #expect(!names.contains { $0.hasPrefix("babyfood") })
  }

  /// A whole word at the start of a compound names another food (`oat` in `oatmeal`, `pea` in
  /// `peanut`): the table has no oat milk, so "oat milk" matches nothing well, and baby oatmeal made
  /// with milk does not come first as if it did; peas come before peanuts.
  @Test func aWordInsideACompoundIsNotAGoodMatch() {
    let oatMilk = Self.catalog.search("oat milk", limit: 5)
    #expect(!oatMilk.isGood)
    #expect(
      !oatMilk.matches.contains { $0.ingredient.name.hasPrefix("babyfood") },
      "\(oatMilk.matches.map(\.ingredient.name))")
    let peas = Self.catalog.search("pea", limit: 10).matches.map(\.ingredient.name)
    #expect(!peas.contains { $0.hasPrefix("peanut") }, "\(peas)")
    let chick = Self.catalog.search("chick", limit: 1)
    #expect(chick.isGood && chick.matches.first?.ingredient.name.hasPrefix("chicken") == true)
  }

  @Test func nothingGoodIsSaidAndTheClosestSuggested() {
    let result = Self.catalog.search("xyzzy plugh")
    #expect(result.matches.isEmpty && result.closest.isEmpty)
    let typo = Self.catalog.search("chiken")
    #expect(!typo.isGood)
    #expect(typo.matches.first?.ingredient.name.hasPrefix("chicken") == true)
  }
}
