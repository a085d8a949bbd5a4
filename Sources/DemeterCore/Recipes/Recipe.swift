import DemeterFoundation

/// A recipe: a composite food made of ingredients, stored as `<journal>/recipes/ID.json` (one
/// recipe a file, canonical key order, see `RecipeEncoder`). Its nutrition per serving and per
/// 100 g comes from its ingredients (`RecipeNutrition`).
///
/// A decoded recipe (`RecipeDocument`) always keeps the rules of the file format: an id that is a
/// slug, a non-empty title, servings, grams and yield > 0, at least one ingredient.
public struct Recipe: Sendable, Hashable {
  /// The slug naming the recipe and its file: lowercase letters and digits in words joined by single
  /// hyphens (`oat-banana`), at most `Recipe.maximumIDLength` characters.
  public var id: String
  /// The name shown to people, e.g. `Oats with banana`.
  public var title: String
  /// How many servings the ingredients make; > 0.
  public var servings: FixedDecimal
  /// The cooked weight in grams, when it differs from the ingredients' sum (water boiled off or taken
  /// up); per 100 g values use it. > 0.
  public var yieldGrams: FixedDecimal?
  /// What goes in, in order; never empty.
  public var ingredients: [RecipeIngredient]
  /// The dietary flags the recipe declares.
  public var dietaryFlags: Set<DietaryFlag>
  /// The steps, in order.
  public var instructions: [String]
  /// Free-form tags, in the order given.
  public var tags: [String]
  /// The recipe books (named collections) the recipe belongs to, in the order given.
  public var books: [String]
  /// Where the recipe comes from (a URL or a citation).
  public var sourceURL: String?
  /// Notes about the recipe, in the order written.
  public var notes: [RecipeNote]
  /// Its photos and videos, in the order shown (`RecipeMedia`).
  public var media: [RecipeMedia]

  public init(
    id: String, title: String, servings: FixedDecimal, yieldGrams: FixedDecimal? = nil,
    ingredients: [RecipeIngredient], dietaryFlags: Set<DietaryFlag> = [], instructions: [String] = [],
    tags: [String] = [], books: [String] = [], sourceURL: String? = nil, notes: [RecipeNote] = [],
    media: [RecipeMedia] = []
  ) {
    self.id = id
    self.title = title
    self.servings = servings
    self.yieldGrams = yieldGrams
    self.ingredients = ingredients
    self.dietaryFlags = dietaryFlags
    self.instructions = instructions
    self.tags = tags
    self.books = books
    self.sourceURL = sourceURL
    self.notes = notes
    self.media = media
  }

  /// The longest id (and file name without `.json`).
  public static let maximumIDLength = 100

  /// Whether `text` is a recipe id: words of `a`–`z` and `0`–`9` joined by single hyphens, at most
  /// `maximumIDLength` characters (so it is a safe file name on every system).
  public static func isValidID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count <= maximumIDLength, bytes.first != hyphen, bytes.last != hyphen else {
      return false
    }
    var previous: UInt8 = 0
    for byte in bytes {
      let wordByte = byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
      guard wordByte || (byte == hyphen && previous != hyphen) else { return false }
      previous = byte
    }
    return true
  }

  private static let hyphen = UInt8(ascii: "-")

  /// What an entry logged from a recipe has as its `matchedIngredientID`: `recipe:ID`.
  public static func reference(_ id: String) -> String { referencePrefix + id }

  /// The recipe id a `matchedIngredientID` names (`recipe:ID`), if it names one.
  public static func id(fromReference reference: String) -> String? {
    reference.hasPrefix(referencePrefix) ? String(reference.dropFirst(referencePrefix.count)) : nil
  }

  private static let referencePrefix = "recipe:"
}

/// One ingredient of a recipe: a food and how much of it.
public struct RecipeIngredient: Sendable, Hashable {
  /// What the food is.
  public enum Food: Sendable, Hashable {
    /// An ingredient of the database by id (the journal's `ingredients.jsonl` first, then the
    /// built-in table).
    case ingredient(id: String)
    /// A food of the recipe's own, with its nutrition per 100 g.
    case free(name: String, per100g: FoodValues)
  }

  /// How much of the food.
  public enum Amount: Sendable, Hashable {
    /// A weight in grams; > 0.
    case grams(FixedDecimal)
    /// A household measure of the ingredient, e.g. `2 large` (see `IngredientPortion`).
    case portion(String)
  }

  public var food: Food
  public var amount: Amount

  public init(food: Food, amount: Amount) {
    self.food = food
    self.amount = amount
  }
}

/// The nutrition of 100 g of a free food: the entry nutrients (`Nutrient.all`: calories, protein,
/// carbohydrates and fat required, fibre and sugar optional) and micronutrients by name (the unit in
/// the name, e.g. `sodium_mg`); every amount ≥ 0.
public struct FoodValues: Sendable, Hashable {
  /// By `Nutrient.ordinal`, one for each of `Nutrient.all`; nil for a nutrient not given.
  public private(set) var nutrients: [FixedDecimal?]
  public var micronutrients: [String: FixedDecimal]

  /// The values `amounts` gives (a nutrient it leaves out is not given).
  public init(_ amounts: [Nutrient: FixedDecimal] = [:], micronutrients: [String: FixedDecimal] = [:]) {
    nutrients = Nutrient.all.map { amounts[$0] }
    self.micronutrients = micronutrients
  }

  /// The value of `nutrient`, nil when not given.
  public subscript(nutrient: Nutrient) -> FixedDecimal? {
    get { nutrients[nutrient.ordinal] }
    set { nutrients[nutrient.ordinal] = newValue }
  }
}

/// A note on a recipe: a remark, a variation, how it went.
public struct RecipeNote: Sendable, Hashable {
  public var text: String
  /// Whether it is shown first.
  public var pinned: Bool
  /// The day it was written, if known.
  public var created: CivilDate?

  public init(text: String, pinned: Bool = false, created: CivilDate? = nil) {
    self.text = text
    self.pinned = pinned
    self.created = created
  }
}

/// A dietary property a recipe declares, declared once: the file keys, the encoder and the reports
/// iterate `DietaryFlag.allCases`.
public enum DietaryFlag: String, Sendable, Hashable, CaseIterable, Comparable {
  case vegetarian, vegan, glutenFree, dairyFree, nutFree

  /// The recipe file's key, e.g. `glutenFree`.
  public var key: String { rawValue }

  /// The words shown to people, e.g. `gluten-free`.
  public var label: String {
    switch self {
    case .vegetarian: return "vegetarian"
    case .vegan: return "vegan"
    case .glutenFree: return "gluten-free"
    case .dairyFree: return "dairy-free"
    case .nutFree: return "nut-free"
    }
  }

  public static func < (a: DietaryFlag, b: DietaryFlag) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
