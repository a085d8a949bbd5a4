import DemeterJournal

/// One date's digest while a file's entries are added one by one. Names come as the file's own
/// codes (dense, so tallies are array slots, not dictionary entries) and are turned into the
/// digest set's codes, and sorted by them, at the end.
package struct DayDigestBuilder {
  /// The digest set's code of each of the file's codes, by kind of name.
  package struct Codes {
    package var foods: [Int32] = []
    package var meals: [Int32] = []
    package var ingredients: [Int32] = []
    package var micronutrients: [Int32] = []
    package var breakdown: [Int32] = []
  }

  /// Where an entry is: its time of day, and its line (number, byte offset) in the file.
  package struct Place {
    package var secondOfDay: Int32
    package var line: Int32
    package var offset: Int64
  }

  private var digest: DayDigest
  /// Nutrient amounts not yet in `digest.totals.sums`.
  private var pendingSums = PendingNutrientSums()
  private let rules: DigestRules
  /// Whether the digest keeps its detail; without, only the totals (flagged entries counted, not listed).
  private let keepsDetail: Bool
  /// Whether a digest without detail keeps its micronutrient tallies all the same, for the names
  /// its entries state (`JournalLoadOptions.keepsMicronutrientNames`).
  private let keepsMicronutrientNames: Bool
  private let energyFactors = NutrientAmounts.kcalPerGram
  /// The file's index in the digest set, for flagged entries.
  private let file: Int32
  /// Every entry's confidence (counted at the end).
  private var confidences: [Int32] = []
  /// By the file's code; a tally without entries is absent from the digest.
  private var foods: [Tally] = []
  private var meals: [Tally] = []
  private var ingredients: [IngredientTally] = []
  private var micronutrients: [Tally] = []
  /// By the file's code of the value; the entries with no value apart.
  private var breakdown: [BreakdownTally] = []
  private var noValue = BreakdownTally(code: -1)
  private var needsReview: [FlaggedCandidate] = []
  private var energyInconsistent: [FlaggedCandidate] = []

  package init(
    day: Int32, file: Int32, rules: DigestRules, keepsDetail: Bool = true, keepsMicronutrientNames: Bool = false
  ) {
    digest = DayDigest(day: day)
    self.file = file
    self.rules = rules
    self.keepsDetail = keepsDetail
    self.keepsMicronutrientNames = keepsMicronutrientNames
  }

  package var day: Int32 { digest.day }

  /// Adds one entry: its nutrient amounts, alcohol (billionths of a gram, for the energy check),
  /// confidence and names (file codes; -1 for no meal or ingredient), flagging it where the rules say
  /// unless it is `reviewed`.
  package mutating func add(
    _ amounts: NutrientAmounts, alcohol: Int64, confidence: Int64, food: Int32, meal: Int32, ingredient: Int32,
    reviewed: Bool = false, at place: Place
  ) {
    let calories = amounts[.calories]
    pendingSums.add(amounts, flushingInto: &digest.totals.sums)
    digest.totals.addEntry(calories: calories, confidence: confidence, rules: rules)
    var reasons: ReviewReasons = []
    if !reviewed {
      if confidence < rules.lowConfidence.billionths { reasons.insert(.lowConfidence) }
      if ingredient < 0 { reasons.insert(.unmatched) }
      let macroEnergy = amounts.macroEnergy(factors: energyFactors)
      if rules.energyConsistency.isInconsistent(calories: calories, macroEnergy: macroEnergy, alcohol: alcohol) {
        reasons.insert(.energyInconsistent)
      }
    }
    let toReview = !reasons.isDisjoint(with: rules.toReview)
    if toReview { digest.totals.needsReview += 1 }
    if reasons.contains(.energyInconsistent) { digest.totals.energyInconsistent += 1 }
    guard keepsDetail else { return }
    confidences.append(Int32(truncatingIfNeeded: confidence))
    let one = Tally(code: 0, entries: 1, amount: Int128(calories))
    Self.grow(&foods, toHold: food, empty: Tally(code: 0))
    foods[Int(food)].add(one)
    if meal >= 0 {
      Self.grow(&meals, toHold: meal, empty: Tally(code: 0))
      meals[Int(meal)].add(one)
    } else {
      digest.detail.unspecifiedMeal.add(one)
    }
    if ingredient >= 0 {
      Self.grow(&ingredients, toHold: ingredient, empty: IngredientTally(code: 0))
      ingredients[Int(ingredient)].add(
        IngredientTally(code: 0, entries: 1, calories: Int128(calories), confidence: Int128(confidence)))
    } else {
      digest.detail.unmatched.add(one)
    }
    guard toReview else { return }
    let candidate = FlaggedCandidate(
      day: digest.day, secondOfDay: place.secondOfDay, file: file, line: place.line, reasons: reasons,
      offset: place.offset)
    needsReview.append(candidate)
    if reasons.contains(.energyInconsistent) { energyInconsistent.append(candidate) }
  }

  /// Adds a micronutrient amount (file code) of the entry added last.
  mutating func addMicronutrient(_ name: Int32, amount: Int64) {
    guard keepsDetail || keepsMicronutrientNames else { return }
    Self.grow(&micronutrients, toHold: name, empty: Tally(code: 0))
    micronutrients[Int(name)].add(Tally(code: 0, entries: 1, amount: Int128(amount)))
  }

  /// Counts the entry added last, of `amounts`, for the breakdown value of file code `value` (-1: it
  /// has none).
  mutating func addBreakdown(_ value: Int32, amounts: NutrientAmounts) {
    guard value >= 0 else { return noValue.add(amounts) }
    Self.grow(&breakdown, toHold: value, empty: BreakdownTally(code: 0))
    breakdown[Int(value)].add(amounts)
  }

  /// Makes `list` long enough to have a slot for `code`.
  @inline(__always)
  private static func grow<Element>(_ list: inout [Element], toHold code: Int32, empty: Element) {
    if Int(code) >= list.count { list.append(contentsOf: repeatElement(empty, count: Int(code) + 1 - list.count)) }
  }

  /// The digest, names in the digest set's codes.
  package func digest(codes: Codes) -> DayDigest {
    var digest = digest
    var pendingSums = pendingSums
    pendingSums.flush(into: &digest.totals.sums)
    digest.detail.confidences = ConfidenceCount.counted(confidences)
    func coded(_ tallies: [Tally], _ codes: [Int32]) -> [Tally] {
      tallies.indices.filter { tallies[$0].entries > 0 }.map { index in
        var tally = tallies[index]
        tally.code = codes[index]
        return tally
      }.sorted { $0.code < $1.code }
    }
    digest.detail.foods = coded(foods, codes.foods)
    digest.detail.meals = coded(meals, codes.meals)
    digest.detail.micronutrients = coded(micronutrients, codes.micronutrients)
    digest.detail.ingredients = ingredients.indices.filter { ingredients[$0].calories.entries > 0 }.map { index in
      var tally = ingredients[index]
      tally.calories.code = codes.ingredients[index]
      return tally
    }.sorted { $0.code < $1.code }
    var valued: [BreakdownTally] = []
    for index in breakdown.indices where breakdown[index].entries > 0 {
      var tally = breakdown[index]
      tally.code = codes.breakdown[index]
      valued.append(tally)
    }
    digest.detail.breakdown = (noValue.entries > 0 ? [noValue] : []) + valued.sorted { $0.code < $1.code }
    digest.detail.needsReview = FlaggedCandidates.cut(needsReview.sorted(), limit: rules.reviewLimit)
    digest.detail.energyInconsistent = FlaggedCandidates.cut(energyInconsistent.sorted(), limit: rules.reviewLimit)
    return digest
  }
}
