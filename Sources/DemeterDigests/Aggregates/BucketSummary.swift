import DemeterFoundation

/// Everything the manual's `reports` topic asks for about one bucket (a day, week, month, year or a whole period): plain
/// values, no formatting. A bucket without entries is still a summary: zeros, empty lists, and nil
/// where a statistic needs at least one entry or logged day.
public struct BucketSummary: Sendable, Hashable {
  /// The days the bucket covers (for a whole period: its first to its last day).
  public var range: Period
  public var entries: Int
  /// Days with at least one entry.
  public var daysLogged: Int
  /// Calendar days in the bucket (for a whole period made of separate buckets: the days they cover).
  public var daysInBucket: Int
  public var totals: NutrientTotals
  /// The total of each micronutrient any entry states, sorted by name (code point order).
  public var micronutrients: [MicronutrientTotal]
  /// Totals divided by `daysLogged`; nil when no day was logged.
  public var dailyAverages: DailyNutrients?
  /// The logged day with the most calories (the earliest of equal days).
  public var highestDay: DayCalories?
  /// The logged day with the fewest calories (the earliest of equal days).
  public var lowestDay: DayCalories?
  public var macroSplit: MacroSplit
  public var confidence: ConfidenceStatistics
  /// Entries to review (a reason of `DigestRules.toReview`, not marked reviewed), sorted by date,
  /// time and id, cut to `AggregationOptions.reviewLimit`.
  public var needsReview: [FlaggedEntry]
  /// The number of entries to review, before any cut.
  public var needsReviewCount: Int
  /// Entries whose calories disagree with their macronutrients, in the order and cut of `needsReview`.
  public var energyInconsistent: [FlaggedEntry]
  /// The number of energy-inconsistent entries, before any cut.
  public var energyInconsistentCount: Int
  public var topFoods: TopFoods
  /// Entries and calories per meal; empty when no entry names a meal.
  public var meals: [MealTotal]
  /// One element per configured goal, in `GoalNutrient` order.
  public var goals: [GoalProgress]
  /// Daily averages minus those of the bucket before; nil for the whole period, for a first bucket
  /// without a given previous range, and when either bucket has no logged day.
  public var change: DailyChange?
  /// Entries matched to no ingredient (information: listed to review only with `--review unmatched`);
  /// 0 without the detail.
  public var unmatchedEntries = 0
  /// The bucket's entries split by `AggregationOptions.breakdown` (`BreakdownRow.rows`); empty
  /// without one, and for the whole period.
  public var breakdown: [BreakdownRow] = []

  /// The uncertain part of the energy total: calories of low-confidence entries, so a reader sees
  /// "14 210 kcal, of which 1 180 kcal uncertain".
  public var uncertainCalories: FixedSum { confidence.lowConfidenceCalories }
}
