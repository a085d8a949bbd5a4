@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Builders and a seeded generator for the aggregation tests.
enum AggregationFixture {
  /// An exact decimal from its text (`"0.6"`).
  static func decimal(_ text: String) -> FixedDecimal {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: text) else {
      preconditionFailure("not an exact decimal: \(text)")
    }
    return value
  }

  /// An exact sum from its text.
  static func sum(_ text: String) -> FixedSum { FixedSum(billionths: Int128(decimal(text).billionths)) }

  /// The date `YYYY-MM-DD`.
  static func date(_ text: String) -> CivilDate {
    let parts = text.split(separator: "-").map { Int($0)! }
    return CivilDate(year: parts[0], month: parts[1], day: parts[2])!
  }

  /// The days `first...last` (`YYYY-MM-DD` each).
  static func range(_ first: String, _ last: String) -> Period {
    Period(first: date(first), last: date(last))
  }

  /// An entry; by default a consistent 100 kcal apple (25 g carbohydrates) matched to an ingredient.
  static func entry(
    _ day: String, at secondOfDay: Int = 12 * 3600, id: String, food: String = "apple",
    calories: String = "100",
    protein: String = "0", carbohydrates: String = "25", fat: String = "0", fiber: String? = nil,
    sugar: String? = nil, confidence: String = "0.9", ingredient: String? = "usda-sr-09003",
    meal: String? = nil, micronutrients: [(String, String)] = [], line: Int = 1
  ) -> Entry {
    Entry(
      timestamp: Timestamp(localDate: date(day), secondOfDay: secondOfDay, utcOffsetSeconds: -18_000), id: id,
      rawDescription: "ate \(food)", foodName: food, quantity: decimal("1"), unit: "piece",
      calories: decimal(calories), protein: decimal(protein), carbohydrates: decimal(carbohydrates),
      fat: decimal(fat),
      fiber: fiber.map(decimal), sugar: sugar.map(decimal), confidence: decimal(confidence),
      matchedIngredientID: ingredient, meal: meal,
      micronutrients: micronutrients.map { MicronutrientAmount(name: $0.0, amount: decimal($0.1)) },
      line: line)
  }

  /// A table of `rows`, all in one file.
  static func table(_ rows: [Entry]) -> EntryTable {
    var table = EntryTable()
    table.beginFile("journal/all.jsonl")
    for row in rows { table.append(row) }
    return table
  }

  /// Aggregates `rows` over the given buckets.
  static func aggregate(
    _ rows: [Entry], buckets: [Period], previous: Period? = nil,
    options: AggregationOptions = AggregationOptions()
  ) -> PeriodAggregate {
    table(rows).summarize(buckets: buckets, previous: previous, options: options)
  }

  /// The one bucket of `rows` over `range`.
  static func summary(
    _ rows: [Entry], _ range: Period, options: AggregationOptions = AggregationOptions()
  ) -> BucketSummary {
    aggregate(rows, buckets: [range], options: options).buckets[0]
  }
}
