/// The exact partial aggregate of the entries of one local date (SPEC §5): everything a bucket
/// summary needs, in a form that merges exactly, associatively and commutatively.
///
/// Names (foods, meals, micronutrients, ingredient ids) are codes into the `names` of the digest set
/// the digest belongs to; flagged entries are located by file index into its `files`. Nothing here
/// depends on the order the entries were read in.
public struct DayDigest: Sendable, Hashable {
  /// `CivilDate.dayNumber` of the date.
  public var day: Int32
  public var entries: Int = 0
  /// Sums in billionths, by `Nutrient.ordinal`.
  public var sums: [Int128] = Array(repeating: 0, count: Nutrient.all.count)
  /// Σ confidence, in billionths.
  public var confidenceSum: Int128 = 0
  /// Σ confidence × calories, in units of 10⁻¹⁸.
  public var confidenceCalories: Int128 = 0
  /// The calories of entries below the digest rules' low-confidence threshold.
  public var lowConfidenceCalories: Int128 = 0
  /// The exact distribution of confidence values, sorted by value.
  public var confidences: [ConfidenceCount] = []
  /// Entries and calories by food name, sorted by code.
  public var foods: [Tally] = []
  /// Entries and calories by meal, sorted by code.
  public var meals: [Tally] = []
  /// Entries naming no meal, and their calories (code -1).
  public var unspecifiedMeal = Tally(code: -1)
  /// Amount and stating entries by micronutrient name, sorted by code.
  public var micronutrients: [Tally] = []
  /// Use by matched ingredient id, sorted by code.
  public var ingredients: [IngredientTally] = []
  /// Entries matching no ingredient, and their calories (code -1).
  public var unmatched = Tally(code: -1)
  /// Low confidence or no matched ingredient.
  public var needsReview = FlaggedCandidates()
  /// Calories unlike 4·protein + 4·carbohydrates + 9·fat.
  public var energyInconsistent = FlaggedCandidates()

  public init(day: Int32) {
    self.day = day
  }

  public var date: CivilDate { CivilDate(dayNumber: Int(day)) }

  /// The sum of one nutrient.
  public subscript(nutrient: Nutrient) -> FixedSum { FixedSum(billionths: sums[nutrient.ordinal]) }

  /// Adds the entries of `other`, of the same date and digest set; `limit` is the flagged lists'
  /// `DigestRules.reviewLimit`.
  /// - Complexity: O(n) in the lengths of the two digests' lists.
  public mutating func merge(_ other: DayDigest, limit: Int) {
    entries += other.entries
    for index in sums.indices {
      sums[index] += other.sums[index]
    }
    confidenceSum += other.confidenceSum
    confidenceCalories += other.confidenceCalories
    lowConfidenceCalories += other.lowConfidenceCalories
    confidences = SortedMerge.merged(
      confidences, other.confidences, key: \.value, add: { $0.entries += $1.entries })
    foods = SortedMerge.merged(foods, other.foods, key: \.code, add: { $0.add($1) })
    meals = SortedMerge.merged(meals, other.meals, key: \.code, add: { $0.add($1) })
    unspecifiedMeal.add(other.unspecifiedMeal)
    micronutrients = SortedMerge.merged(micronutrients, other.micronutrients, key: \.code, add: { $0.add($1) })
    ingredients = SortedMerge.merged(ingredients, other.ingredients, key: \.code, add: { $0.add($1) })
    unmatched.add(other.unmatched)
    needsReview.merge(other.needsReview, limit: limit)
    energyInconsistent.merge(other.energyInconsistent, limit: limit)
  }

  /// Renumbers every name code through `mapping` (old code → new code) and, if given, every file
  /// index through `files`, keeping lists sorted by the new codes.
  mutating func recode(names mapping: [Int32], files: [Int32]? = nil) {
    func recoded(_ tallies: [Tally]) -> [Tally] {
      tallies.map { var tally = $0; tally.code = mapping[Int($0.code)]; return tally }
        .sorted { $0.code < $1.code }
    }
    foods = recoded(foods)
    meals = recoded(meals)
    micronutrients = recoded(micronutrients)
    ingredients = ingredients.map {
      var tally = $0
      tally.calories.code = mapping[Int($0.code)]
      return tally
    }.sorted { $0.code < $1.code }
    guard let files else { return }
    for list in [\DayDigest.needsReview, \.energyInconsistent] {
      self[keyPath: list].kept = self[keyPath: list].kept.map {
        var candidate = $0
        candidate.file = files[Int($0.file)]
        return candidate
      }.sorted()
    }
  }
}
