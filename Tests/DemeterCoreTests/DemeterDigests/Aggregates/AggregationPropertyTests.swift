import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Properties on random journals: sums match a naive reference, and neither row order nor the way rows
/// are split into files changes any value of the result.
@Suite struct AggregationPropertyTests {
  typealias F = AggregationFixture

  static let seeds: [UInt64] = [1, 2, 3, 0x5EED, 0xDEC0DE, 20_261_121]
  static let foods = ["oats", "tea", "crème brûlée", "Äpfel", "tofu | fried", "egg", "butter", "rice"]
  static let meals: [String?] = ["breakfast", "lunch", "dinner", "snack", "brunch", nil, nil]
  static let micronutrients = ["sodium_mg", "iron_mg", "Zinc_mg"]
  static let confidences = ["0.6", "1", "0", "0.5", "0.8", "0.1", "0.9"]
  static let firstMonday = F.date("2026-10-26")

  /// A random journal of `count` entries over about six weeks.
  static func randomRows(seed: UInt64, count: Int) -> [Entry] {
    var random = SplitMix64(seed: seed)
    func amount(upTo whole: Int64) -> FixedDecimal {
      FixedDecimal(billionths: Int64.random(in: 0...(whole * FixedDecimal.unitsPerOne), using: &random))
    }
    return (0..<count).map { index in
      let date = firstMonday.adding(days: Int.random(in: 3..<48, using: &random))
      // Few distinct times, so that equal (date, time) pairs occur and the id decides the order.
      let second = Int.random(in: 0..<6, using: &random) * 3600 * 4
      let protein = amount(upTo: 40)
      let carbohydrates = amount(upTo: 80)
      let fat = amount(upTo: 30)
      let consistent = Bool.random(using: &random)
      let calories =
        consistent
        ? FixedDecimal(billionths: 4 * protein.billionths + 4 * carbohydrates.billionths + 9 * fat.billionths)
        : amount(upTo: 1200)
      let confidence =
        Bool.random(using: &random)
        ? F.decimal(confidences.randomElement(using: &random)!) : amount(upTo: 1)
      let micros = micronutrients.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.map {
        MicronutrientAmount(name: $0, amount: amount(upTo: 500))
      }
      return Entry(
        timestamp: Timestamp(
          localDate: date, secondOfDay: second, utcOffsetSeconds: Bool.random(using: &random) ? 0 : nil),
        id: "id-\(String(index, radix: 16))-\(random.next() % 1000)", rawDescription: "entry \(index)",
        foodName: foods.randomElement(using: &random)!, quantity: F.decimal("1"), unit: "g",
        calories: calories,
        protein: protein, carbohydrates: carbohydrates, fat: fat,
        fiber: Bool.random(using: &random) ? amount(upTo: 10) : nil,
        sugar: Bool.random(using: &random) ? amount(upTo: 20) : nil, confidence: confidence,
        matchedIngredientID: Int.random(in: 0..<5, using: &random) == 0 ? nil : "usda-sr-0\(index % 7)",
        meal: meals.randomElement(using: &random)!, micronutrients: micros, line: index + 1)
    }
  }

  /// Seven-day buckets covering the journal and some empty weeks around it.
  static let weeks = (0..<9).map { week in
    Period(first: firstMonday.adding(days: 7 * week - 7), last: firstMonday.adding(days: 7 * week - 1))
  }

  static let options = AggregationOptions(
    lowConfidence: F.decimal("0.6"), goals: Goals(calories: F.decimal("2500"), protein: F.decimal("60")),
    topFoodCount: 3, reviewLimit: 7)

  /// The rows in random order, split into files of random sizes; built row by row or table by table.
  static func rebuilt(_ rows: [Entry], seed: UInt64, joinTables: Bool) -> EntryTable {
    var random = SplitMix64(seed: seed ^ 0xF11E)
    var shuffled = rows
    shuffled.shuffle(using: &random)
    var table = EntryTable()
    var start = 0
    var file = 0
    while start < shuffled.count {
      let end = min(shuffled.count, start + Int.random(in: 1...40, using: &random))
      var part = EntryTable()
      part.beginFile("journal/\(file).jsonl")
      for row in shuffled[start..<end] { part.append(row) }
      if joinTables {
        table.append(contentsOf: part)
      } else {
        table.beginFile("journal/\(file).jsonl")
        for row in shuffled[start..<end] { table.append(row) }
      }
      start = end
      file += 1
    }
    return table
  }

  @Test(arguments: seeds)
  func rowOrderAndFileSplitsChangeNothing(seed: UInt64) {
    let rows = Self.randomRows(seed: seed, count: 400)
    let reference = F.table(rows).summarize(
      buckets: Self.weeks, previous: Self.weeks[0], options: Self.options)
    for joinTables in [false, true] {
      let table = Self.rebuilt(rows, seed: seed, joinTables: joinTables)
      let aggregate = table.summarize(buckets: Self.weeks, previous: Self.weeks[0], options: Self.options)
      #expect(aggregate == reference)
      for flagged in aggregate.buckets.flatMap({ $0.needsReview + $0.energyInconsistent }) {
        #expect(
          (0..<table.count).contains {
            table.location(ofRow: $0) == flagged.location && table.ids[$0] == flagged.id
          })
      }
    }
  }

  @Test(arguments: seeds)
  func totalsEqualTheSumOfEntries(seed: UInt64) {
    let rows = Self.randomRows(seed: seed, count: 300)
    let aggregate = F.table(rows).summarize(buckets: Self.weeks, options: Self.options)
    let low = Self.options.lowConfidence
    for summary in aggregate.buckets + [aggregate.whole] {
      let inBucket = rows.filter { summary.range.contains($0.timestamp.localDate) }
      func total(_ value: (Entry) -> FixedDecimal?) -> FixedSum {
        FixedSum(billionths: inBucket.reduce(Int128(0)) { $0 + Int128(value($1)?.billionths ?? 0) })
      }
      #expect(summary.entries == inBucket.count)
      #expect(summary.daysLogged == Set(inBucket.map(\.timestamp.localDate)).count)
      #expect(
        summary.totals
          == NutrientTotals { nutrient in total { $0[nutrient] } })
      #expect(summary.confidence.lowCount == inBucket.filter { $0.confidence < low }.count)
      #expect(summary.uncertainCalories == total { $0.confidence < low ? $0.calories : nil })
      #expect(summary.confidence.histogram.reduce(0, +) == inBucket.count)
      let sorted = inBucket.map(\.confidence).sorted()
      #expect(summary.confidence.minimum == sorted.first && summary.confidence.maximum == sorted.last)
      #expect(summary.confidence.p10 == (sorted.isEmpty ? nil : sorted[(sorted.count + 9) / 10 - 1]))
      // To review: low confidence or energy inconsistent (unmatched entries are only counted).
      let tolerance = Self.options.energyConsistency
      #expect(
        summary.needsReviewCount
          == inBucket.filter { row in
            let alcohol = row.micronutrients.first { $0.name == IngredientAlcohol.micronutrient }?.amount
            return row.confidence < low
              || tolerance.isInconsistent(
                calories: row.calories.billionths, macroEnergy: row.amounts.macroEnergy,
                alcohol: alcohol?.billionths ?? 0)
          }.count)
      #expect(summary.meals.reduce(0) { $0 + $1.entries } == (summary.meals.isEmpty ? 0 : inBucket.count))
      var micros: [String: (Int128, Int)] = [:]
      for row in inBucket {
        for micronutrient in row.micronutrients {
          micros[micronutrient.name, default: (0, 0)].0 += Int128(micronutrient.amount.billionths)
          micros[micronutrient.name, default: (0, 0)].1 += 1
        }
      }
      #expect(
        summary.micronutrients
          == micros.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
            MicronutrientTotal(name: $0, amount: FixedSum(billionths: micros[$0]!.0), entries: micros[$0]!.1)
          })
      var foodCalories: [String: Int128] = [:]
      for row in inBucket { foodCalories[row.foodName, default: 0] += Int128(row.calories.billionths) }
      #expect(summary.topFoods.distinctFoods == foodCalories.count)
      #expect(summary.topFoods.byCalories.first?.calories.billionths == foodCalories.values.max())
    }
    let bucketCalories = aggregate.buckets.reduce(FixedSum()) { $0 + $1.totals.calories }
    #expect(aggregate.whole.totals.calories == bucketCalories)
    #expect(aggregate.whole.entries == rows.count)
  }

  @Test(arguments: seeds)
  func flaggedListsAreSortedByDateTimeAndId(seed: UInt64) {
    let rows = Self.randomRows(seed: seed, count: 200)
    let whole = F.table(rows).summarize(buckets: Self.weeks).whole
    for list in [whole.needsReview, whole.energyInconsistent] {
      let keys = list.map { ($0.date.dayNumber, $0.secondOfDay, Array($0.id.utf8)) }
      #expect(
        zip(keys, keys.dropFirst()).allSatisfy { a, b in
          a.0 != b.0 ? a.0 < b.0 : a.1 != b.1 ? a.1 < b.1 : a.2.lexicographicallyPrecedes(b.2)
        })
    }
  }
}
