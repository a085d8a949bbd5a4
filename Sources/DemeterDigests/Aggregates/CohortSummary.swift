import DemeterFoundation

/// A cohort's summary of one bucket (manual: many-journals): how many people logged, the
/// distribution of their daily averages, how many keep to their own goals, and the entries to review.
///
/// Statistics are over the people who logged at least one day of the bucket, each counted once
/// (their own daily average, whatever their number of entries). With their averages sorted,
/// a₁ ≤ … ≤ aₙ (exact comparison):
/// - **median**: a₍ₙ₊₁₎/₂ for odd n, the mean of the two middle values for even n (as for confidence);
/// - **p10, p90**: **nearest rank**, a_k with k = ⌈p·n / 100⌉ (at least 1), always one person's value;
/// - **mean**: Σ aᵢ / n, with each aᵢ first rounded half away from zero to 10⁻⁹ (the journal's
///   resolution), so the sum is an exact fixed-point total.
/// Every figure is exact and independent of the order the people come in.
public struct CohortSummary: Sendable, Hashable {
  /// People in the cohort.
  public var people: Int
  /// People with at least one logged day in the bucket.
  public var peopleLogging: Int
  public var entries: Int
  public var daysLogged: Int
  /// Entries that need review, over everyone.
  public var needsReview: Int
  /// One per `GoalNutrient`, in that order.
  public var distributions: [Distribution]
  /// One per `GoalNutrient` that at least one person of the cohort has a goal for, in that order.
  public var adherence: [GoalAdherence]

  /// The distribution of the people's daily averages of one nutrient; nil figures when nobody logged.
  public struct Distribution: Sendable, Hashable {
    public var nutrient: GoalNutrient
    /// Each logging person's daily average, sorted ascending.
    public var averages: [DailyAverage]
    /// The sum of the averages rounded to 10⁻⁹, to be divided by `averages.count`.
    public var meanTotal: FixedSum
    public var median: ExactFraction?
    public var p10: DailyAverage?
    public var p90: DailyAverage?
  }

  /// How the logging people with a goal for one nutrient stand against it.
  public struct GoalAdherence: Sendable, Hashable {
    public var nutrient: GoalNutrient
    /// Logging people with a goal for the nutrient.
    public var people: Int
    public var within: Int
    public var under: Int
    public var over: Int

    /// The adherence of the people whose standing against their goal for `nutrient` is `statuses`.
    public init(_ nutrient: GoalNutrient, statuses: [GoalStatus]) {
      self.nutrient = nutrient
      people = statuses.count
      within = statuses.count { $0 == .within }
      under = statuses.count { $0 == .under }
      over = statuses.count { $0 == .over }
    }

    /// The share of `people` within their goal; nil when nobody has one.
    public var withinShare: ExactFraction? {
      people == 0 ? nil : ExactFraction(Int128(within), over: Int128(people))
    }
  }

  /// The summary of `members` (one per person of the cohort, logging or not).
  public init(_ members: [CohortMember]) {
    people = members.count
    let logging = members.filter(\.isLogging)
    peopleLogging = logging.count
    entries = members.reduce(0) { $0 + $1.entries }
    daysLogged = members.reduce(0) { $0 + $1.daysLogged }
    needsReview = members.reduce(0) { $0 + $1.needsReview }
    distributions = GoalNutrient.allCases.map { nutrient in
      let averages = logging.compactMap { $0.dailyAverage(nutrient) }.sorted()
      return Distribution(
        nutrient: nutrient, averages: averages,
        meanTotal: averages.reduce(FixedSum()) { $0 + $1.roundedTotal },
        median: Self.median(averages), p10: Self.nearestRank(averages, percent: 10),
        p90: Self.nearestRank(averages, percent: 90))
    }
    adherence = GoalNutrient.allCases.compactMap { nutrient in
      guard members.contains(where: { $0.goals[nutrient] != nil }) else { return nil }
      return GoalAdherence(nutrient, statuses: logging.compactMap { $0.goalStatus(nutrient) })
    }
  }

  /// The nearest-rank percentile of sorted values: a_k, k = ⌈percent·n / 100⌉ (at least 1); nil for none.
  public static func nearestRank<Value>(_ sorted: [Value], percent: Int) -> Value? {
    guard !sorted.isEmpty else { return nil }
    let rank = max(1, (percent * sorted.count + 99) / 100)
    return sorted[rank - 1]
  }

  /// The middle value, or the exact mean of the two middle values; nil for none.
  package static func median(_ sorted: [DailyAverage]) -> ExactFraction? {
    guard !sorted.isEmpty else { return nil }
    let upper = sorted[sorted.count / 2].fraction
    guard sorted.count % 2 == 0 else { return upper }
    let lower = sorted[sorted.count / 2 - 1].fraction
    // Exact while the denominators (days logged × 10⁹) stay far inside 128 bits, as they do.
    return (lower + upper).flatMap { $0 / ExactFraction(2) }
  }
}
