import DemeterJournal

/// The names of a run of day files, coded straight from their bytes (manual: architecture): foods, meals,
/// ingredients and micronutrients each in a dense byte dictionary kept from file to file, so a name
/// is hashed, stored and turned into a `String` once per run rather than once per file; and the
/// code each has in the run's `names`.
package struct NameCoder {
  /// The names as the digests code them (those of every kind, in order of first appearance).
  package var names: StringDictionary
  package private(set) var foods = ByteDictionary()
  package private(set) var meals = ByteDictionary()
  package private(set) var ingredients = ByteDictionary()
  package private(set) var micronutrients = ByteDictionary()
  /// The values of the dimension the digests are split by (`DigestRules.breakdown`).
  package private(set) var breakdownValues = ByteDictionary()
  /// The code in `names` of each kind's codes, as far as `codeNames` went.
  package private(set) var codes = DayDigestBuilder.Codes()
  /// The alcohol share of each ingredient code looked up so far (found once per ingredient and run).
  private var alcoholShares: [IngredientAlcohol.Share?] = []
  /// The alcohol share of the food with alcohol named as each food code, looked up so far.
  private var foodAlcoholShares: [IngredientAlcohol.Share?] = []

  package init(names: StringDictionary = StringDictionary()) {
    self.names = names
  }

  package mutating func food(_ name: UnsafeBufferPointer<UInt8>) -> Int32 { foods.code(for: name) }
  package mutating func meal(_ name: UnsafeBufferPointer<UInt8>) -> Int32 { meals.code(for: name) }
  package mutating func ingredient(_ id: UnsafeBufferPointer<UInt8>) -> Int32 { ingredients.code(for: id) }
  package mutating func micronutrient(_ name: UnsafeBufferPointer<UInt8>) -> Int32 { micronutrients.code(for: name) }
  package mutating func breakdownValue(_ value: UnsafeBufferPointer<UInt8>) -> Int32 { breakdownValues.code(for: value) }

  /// The alcohol share under `alcohol` of the ingredient coded `code` (by `ingredient(_:)`); a run
  /// uses one table of shares.
  mutating func alcoholShare(ofIngredient code: Int32, in alcohol: IngredientAlcohol) -> IngredientAlcohol.Share? {
    while alcoholShares.count <= Int(code) {
      let id = ingredients.withBytes(of: Int32(alcoholShares.count)) { String(decoding: $0, as: UTF8.self) }
      alcoholShares.append(alcohol.share(ofID: id))
    }
    return alcoholShares[Int(code)]
  }

  /// The alcohol share under `alcohol` of the food with alcohol named as the food coded `code` (by
  /// `food(_:)`, `IngredientAlcohol.food(named:)`); a run uses one table of shares.
  mutating func alcoholShare(ofFood code: Int32, in alcohol: IngredientAlcohol) -> IngredientAlcohol.Share? {
    while foodAlcoholShares.count <= Int(code) {
      foodAlcoholShares.append(
        foods.withBytes(of: Int32(foodAlcoholShares.count)) { alcohol.share(ofFoodNamed: $0) })
    }
    return foodAlcoholShares[Int(code)]
  }

  /// Codes in `names` the names met since the last call: foods, then meals, ingredients,
  /// micronutrients and breakdown values, each in order of first appearance (the order a file's own dictionaries gave).
  mutating func codeNames() {
    func extend(_ mapping: inout [Int32], from dictionary: ByteDictionary) {
      for code in Int32(mapping.count)..<Int32(dictionary.count) {
        mapping.append(dictionary.withBytes(of: code) { names.code(forUTF8: $0) })
      }
    }
    extend(&codes.foods, from: foods)
    extend(&codes.meals, from: meals)
    extend(&codes.ingredients, from: ingredients)
    extend(&codes.micronutrients, from: micronutrients)
    extend(&codes.breakdown, from: breakdownValues)
  }
}
