/// The detail part of a day digest (manual: architecture): the exact confidence distribution, tallies by name
/// and the flagged entries a list can show. Only a report's whole period needs it, so digest sets
/// keep it apart from the totals. Merging is exact, associative and commutative.
///
/// Names are codes into the `names` of the digest set the detail belongs to; flagged entries are
/// located by file index into its `files`.
public struct DigestDetail: Sendable, Hashable {
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
  /// The entries that need review a list can show (`FlaggedCandidates.cut`).
  public var needsReview: [FlaggedCandidate] = []
  /// The energy-inconsistent entries a list can show.
  public var energyInconsistent: [FlaggedCandidate] = []
  /// The entries split by the rules' dimension (`DigestRules.breakdown`), sorted by code (-1, the
  /// entries with no value, first); empty without one.
  public var breakdown: [BreakdownTally] = []

  public init() {}

  /// Adds the detail of `other`, of the same digest set; `limit` is the rules' `reviewLimit`.
  /// - Complexity: O(n) in the lengths of the two details' lists.
  public mutating func merge(_ other: DigestDetail, limit: Int) {
    confidences = SortedMerge.merged(
      confidences, other.confidences, key: \.value, add: { $0.entries += $1.entries })
    foods = SortedMerge.merged(foods, other.foods, key: \.code, add: { $0.add($1) })
    meals = SortedMerge.merged(meals, other.meals, key: \.code, add: { $0.add($1) })
    unspecifiedMeal.add(other.unspecifiedMeal)
    micronutrients = SortedMerge.merged(micronutrients, other.micronutrients, key: \.code, add: { $0.add($1) })
    ingredients = SortedMerge.merged(ingredients, other.ingredients, key: \.code, add: { $0.add($1) })
    unmatched.add(other.unmatched)
    needsReview = FlaggedCandidates.merged(needsReview, other.needsReview, limit: limit)
    energyInconsistent = FlaggedCandidates.merged(energyInconsistent, other.energyInconsistent, limit: limit)
    breakdown = SortedMerge.merged(breakdown, other.breakdown, key: \.code, add: { $0.add($1) })
  }

  /// The merge of `details`, in a balanced order (`DetailMergeStack`).
  /// - Complexity: O(m log k) for k details and a merged detail of m list elements.
  public static func merged(_ details: some Sequence<DigestDetail>, limit: Int) -> DigestDetail {
    var stack = DetailMergeStack(limit: limit)
    for detail in details { stack.push(detail) }
    return stack.merged
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
    breakdown = breakdown.map {
      var tally = $0
      if tally.code >= 0 { tally.code = mapping[Int($0.code)] }
      return tally
    }.sorted { $0.code < $1.code }
    guard let files else { return }
    placeFlagged { files[Int($0)] }
  }

  /// Leaves out the tallies of names whose code is not `kept`.
  mutating func keepNames(_ kept: (Int32) -> Bool) {
    foods.removeAll { !kept($0.code) }
    meals.removeAll { !kept($0.code) }
    micronutrients.removeAll { !kept($0.code) }
    ingredients.removeAll { !kept($0.code) }
    breakdown.removeAll { $0.code >= 0 && !kept($0.code) }
  }

  /// Relocates every flagged entry to file `place(old file index)`, keeping the lists sorted.
  mutating func placeFlagged(_ place: (Int32) -> Int32) {
    func placed(_ list: [FlaggedCandidate]) -> [FlaggedCandidate] {
      list.map {
        var candidate = $0
        candidate.file = place($0.file)
        return candidate
      }.sorted()
    }
    needsReview = placed(needsReview)
    energyInconsistent = placed(energyInconsistent)
  }
}
