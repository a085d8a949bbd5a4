/// One date's digest while a file's entries are added one by one (dictionaries by code, sorted at
/// the end).
struct DayDigestBuilder {
  var digest: DayDigest
  let rules: DigestRules
  var confidences: [Int32: Int32] = [:]
  var foods: [Int32: Tally] = [:]
  var meals: [Int32: Tally] = [:]
  var micronutrients: [Int32: Tally] = [:]
  var ingredients: [Int32: IngredientTally] = [:]
  var needsReview: [FlaggedCandidate] = []
  var energyInconsistent: [FlaggedCandidate] = []

  init(day: Int32, rules: DigestRules) {
    digest = DayDigest(day: day)
    self.rules = rules
  }

  /// Adds one entry's confidence, names and calories (its nutrient sums are added by the caller).
  mutating func add(calories: Int64, confidence: Int64, food: Int32, meal: Int32?, ingredient: Int32?) {
    digest.totals.add(confidence: confidence, calories: calories, rules: rules)
    confidences[Int32(confidence), default: 0] += 1
    let one = Tally(code: 0, entries: 1, amount: Int128(calories))
    foods[food, default: Tally(code: food)].add(one)
    if let meal {
      meals[meal, default: Tally(code: meal)].add(one)
    } else {
      digest.detail.unspecifiedMeal.add(one)
    }
    if let ingredient {
      ingredients[ingredient, default: IngredientTally(code: ingredient)].add(
        IngredientTally(code: ingredient, entries: 1, calories: Int128(calories), confidence: Int128(confidence)))
    } else {
      digest.detail.unmatched.add(one)
    }
  }

  func digest(limit: Int) -> DayDigest {
    var digest = digest
    digest.detail.confidences = confidences.map { ConfidenceCount(value: $0.key, entries: $0.value) }.sorted {
      $0.value < $1.value
    }
    func sorted(_ tallies: [Int32: Tally]) -> [Tally] {
      tallies.map { var tally = $0.value; tally.code = $0.key; return tally }.sorted { $0.code < $1.code }
    }
    digest.detail.foods = sorted(foods)
    digest.detail.meals = sorted(meals)
    digest.detail.micronutrients = sorted(micronutrients)
    digest.detail.ingredients = ingredients.values.sorted { $0.code < $1.code }
    digest.totals.needsReview = Int32(needsReview.count)
    digest.detail.needsReview = FlaggedCandidates.cut(needsReview.sorted(), limit: limit)
    digest.totals.energyInconsistent = Int32(energyInconsistent.count)
    digest.detail.energyInconsistent = FlaggedCandidates.cut(energyInconsistent.sorted(), limit: limit)
    return digest
  }
}
