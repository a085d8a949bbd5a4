import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Digest-based aggregation against the row-based reference (`EntryTable.summarize`) on random
/// journals and the sample (merges in random groupings and orders: `DigestMergeReportTests`).
@Suite struct DigestPropertyTests {
  typealias F = AggregationFixture
  typealias P = AggregationPropertyTests

  static let options = [
    AggregationOptions(reviewLimit: 0),
    AggregationOptions(
      lowConfidence: F.decimal("0.6"), highConfidence: F.decimal("0.9"),
      goals: Goals(calories: F.decimal("1500"), fat: F.decimal("40")), topFoodCount: 3, reviewLimit: 4),
    AggregationOptions(reviewLimit: 1),
    // Foods with alcohol named as unmatched entries' foods are (one by its folded alias, one name
    // shared by two foods, which counts for neither).
    AggregationOptions(
      energyConsistency: EnergyConsistencyTolerance(
        alcohol: IngredientAlcohol([
          FoodNamesTests.drink("drink-tea", "tea"),
          FoodNamesTests.drink("drink-creme", "custard liqueur", aliases: ["CREME BRULEE"], alcohol: 20),
          FoodNamesTests.drink("drink-egg-1", "egg"), FoodNamesTests.drink("drink-egg-2", "eggnog", aliases: ["egg"]),
        ]))),
  ]

  /// The reference with the per-bucket detail left empty (digests fill the whole period's only).
  static func withoutBucketDetail(_ aggregate: PeriodAggregate) -> PeriodAggregate {
    var aggregate = aggregate
    for index in aggregate.buckets.indices {
      aggregate.buckets[index].needsReview = []
      aggregate.buckets[index].energyInconsistent = []
      aggregate.buckets[index].topFoods = TopFoods(ranking: [], limit: aggregate.options.topFoodCount)
      aggregate.buckets[index].meals = []
      aggregate.buckets[index].micronutrients = []
      aggregate.buckets[index].unmatchedEntries = 0
      aggregate.buckets[index].confidence.median = nil
      aggregate.buckets[index].confidence.p10 = nil
      aggregate.buckets[index].confidence.histogram = []
    }
    return aggregate
  }

  @Test(arguments: P.seeds)
  func digestsEqualTheRowEngine(seed: UInt64) {
    let table = F.table(P.randomRows(seed: seed, count: 400))
    for options in Self.options {
      let reference = table.summarize(buckets: P.weeks, previous: P.weeks[0], options: options)
      let digests = JournalDigests(table: table, rules: DigestRules(options))
      let summarized = digests.summarize(buckets: P.weeks, previous: P.weeks[0], options: options)
      #expect(summarized == Self.withoutBucketDetail(reference))
      let days = Period(first: P.weeks.first!.first, last: P.weeks.last!.last).buckets(.day)
      #expect(
        digests.summarize(buckets: days, options: options)
          == Self.withoutBucketDetail(table.summarize(buckets: days, options: options)))
      #expect(digests.ingredientUsage(in: P.weeks[3]) == table.ingredientUsage(in: P.weeks[3]))
    }
  }

  /// Digests read from files equal the row engine on the same files, lists included.
  @Test func fileDigestsEqualTheRowEngineOnTheSample() {
    let last = F.date("2026-11-22")
    let files = SampleJournal.dayFiles(endingOn: last)
    let weeks = Period(first: last.adding(days: -34), last: last).buckets(.week(.monday))
    for options in Self.options {
      let table = JournalLoader.load(files: files).table
      let digests = DigestLoader.load(files: files, rules: DigestRules(options))
      #expect(
        digests.summarize(buckets: weeks, options: options)
          == Self.withoutBucketDetail(table.summarize(buckets: weeks, options: options)))
    }
  }
}
