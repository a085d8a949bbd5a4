/// One date's digest while a file's entries are added one by one. Names come as the file table's
/// own codes (dense, so tallies are array slots, not dictionary entries) and are turned into the
/// digest set's codes, and sorted by them, at the end.
struct DayDigestBuilder {
  /// The digest set's code of each of the file table's codes, by kind of name.
  struct Codes {
    var foods: [Int32] = []
    var meals: [Int32] = []
    var ingredients: [Int32] = []
  }

  var digest: DayDigest
  let rules: DigestRules
  let codes: Codes
  /// Every entry's confidence (sorted and counted at the end).
  var confidences: [Int32] = []
  /// By the table's code; a tally without entries is absent.
  var foods: [Tally]
  var meals: [Tally]
  var ingredients: [IngredientTally]
  /// By the digest set's code (few entries state micronutrients).
  var micronutrients: [Int32: Tally] = [:]
  var needsReview: [FlaggedCandidate] = []
  var energyInconsistent: [FlaggedCandidate] = []

  init(day: Int32, rules: DigestRules, codes: Codes) {
    digest = DayDigest(day: day)
    self.rules = rules
    self.codes = codes
    foods = Array(repeating: Tally(code: 0), count: codes.foods.count)
    meals = Array(repeating: Tally(code: 0), count: codes.meals.count)
    ingredients = Array(repeating: IngredientTally(code: 0), count: codes.ingredients.count)
  }

  /// Adds one entry's confidence, names (table codes; -1 for no meal or ingredient) and calories
  /// (its nutrient sums are added by the caller).
  mutating func add(calories: Int64, confidence: Int64, food: Int32, meal: Int32, ingredient: Int32) {
    digest.totals.add(confidence: confidence, calories: calories, rules: rules)
    confidences.append(Int32(confidence))
    let one = Tally(code: 0, entries: 1, amount: Int128(calories))
    foods[Int(food)].add(one)
    if meal >= 0 {
      meals[Int(meal)].add(one)
    } else {
      digest.detail.unspecifiedMeal.add(one)
    }
    if ingredient >= 0 {
      ingredients[Int(ingredient)].add(
        IngredientTally(code: 0, entries: 1, calories: Int128(calories), confidence: Int128(confidence)))
    } else {
      digest.detail.unmatched.add(one)
    }
  }

  func digest(limit: Int) -> DayDigest {
    var digest = digest
    var counted: [ConfidenceCount] = []
    for value in confidences.sorted() {
      if counted.last?.value == value {
        counted[counted.count - 1].entries += 1
      } else {
        counted.append(ConfidenceCount(value: value, entries: 1))
      }
    }
    digest.detail.confidences = counted
    func coded(_ tallies: [Tally], _ codes: [Int32]) -> [Tally] {
      tallies.indices.filter { tallies[$0].entries > 0 }.map { index in
        var tally = tallies[index]
        tally.code = codes[index]
        return tally
      }.sorted { $0.code < $1.code }
    }
    digest.detail.foods = coded(foods, codes.foods)
    digest.detail.meals = coded(meals, codes.meals)
    digest.detail.ingredients = ingredients.indices.filter { ingredients[$0].calories.entries > 0 }.map { index in
      var tally = ingredients[index]
      tally.calories.code = codes.ingredients[index]
      return tally
    }.sorted { $0.code < $1.code }
    digest.detail.micronutrients = micronutrients.map { var tally = $0.value; tally.code = $0.key; return tally }
      .sorted { $0.code < $1.code }
    digest.totals.needsReview = Int32(needsReview.count)
    digest.detail.needsReview = FlaggedCandidates.cut(needsReview.sorted(), limit: limit)
    digest.totals.energyInconsistent = Int32(energyInconsistent.count)
    digest.detail.energyInconsistent = FlaggedCandidates.cut(energyInconsistent.sorted(), limit: limit)
    return digest
  }
}
