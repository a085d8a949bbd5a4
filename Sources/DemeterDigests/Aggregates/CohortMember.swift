import DemeterFoundation

/// One person's bucket as a cohort report sees it (manual: many-journals): what their day digests of the bucket
/// add up to, and the goals and tolerance of their own journal.
public struct CohortMember: Sendable, Hashable {
  public var entries: Int
  public var daysLogged: Int
  /// Entries that need review (low confidence, or no matched ingredient).
  public var needsReview: Int
  /// The sums of calories and the macronutrients.
  public var totals: GoalTotals
  public var goals: Goals
  public var goalTolerance: FixedDecimal

  public init(
    entries: Int, daysLogged: Int, needsReview: Int, totals: GoalTotals, goals: Goals = Goals(),
    goalTolerance: FixedDecimal = AggregationOptions().goalTolerance
  ) {
    self.entries = entries
    self.daysLogged = daysLogged
    self.needsReview = needsReview
    self.totals = totals
    self.goals = goals
    self.goalTolerance = goalTolerance
  }

  /// The member of a person's bucket summary, under the options (goals) of their journal.
  public init(_ bucket: BucketSummary, options: AggregationOptions) {
    self.init(
      entries: bucket.entries, daysLogged: bucket.daysLogged, needsReview: bucket.needsReviewCount,
      totals: GoalTotals { bucket.totals[$0.nutrient] }, goals: options.goals,
      goalTolerance: options.goalTolerance)
  }

  /// Whether the person logged a day of the bucket.
  public var isLogging: Bool { daysLogged > 0 }

  /// The daily average of `nutrient` over the logged days; nil without a logged day.
  public func dailyAverage(_ nutrient: GoalNutrient) -> DailyAverage? {
    isLogging ? DailyAverage(total: totals[nutrient], days: daysLogged) : nil
  }

  /// Where the daily average stands against the person's own goal: within when
  /// |average − goal| ≤ tolerance × goal, exactly (as for days, `GoalProgress`); nil without a goal
  /// or a logged day.
  public func goalStatus(_ nutrient: GoalNutrient) -> GoalStatus? {
    guard let goal = goals[nutrient], isLogging else { return nil }
    return GoalStatus(total: totals[nutrient], days: daysLogged, goal: goal, tolerance: goalTolerance)
  }
}

/// A total over a number of days, kept exact: a person's daily average.
public struct DailyAverage: Sendable, Hashable, Comparable {
  public var total: FixedSum
  /// Above 0.
  public var days: Int

  public init(total: FixedSum, days: Int) {
    precondition(days > 0, "a daily average needs a logged day")
    self.total = total
    self.days = days
  }

  /// The exact value.
  public var fraction: ExactFraction {
    ExactFraction(total.billionths, over: ExactArithmetic.unit * Int128(days))
  }

  /// The value rounded half away from zero to the journal's resolution (10⁻⁹): the term a cohort's
  /// mean adds up, so the mean's sum stays a fixed-point total.
  public var roundedTotal: FixedSum {
    let divisor = Int128(days)
    let magnitude = (total.billionths.magnitude + UInt128(divisor) / 2) / UInt128(divisor)
    return FixedSum(billionths: total.billionths < 0 ? -Int128(magnitude) : Int128(magnitude))
  }

  /// Exact comparison by cross-multiplication: in 128 bits while the products provably fit (any
  /// real total), else full width.
  public static func < (a: DailyAverage, b: DailyAverage) -> Bool {
    if a.days == b.days { return a.total.billionths < b.total.billionths }
    let fits: UInt128 = 1 << 96
    if a.total.billionths.magnitude < fits, b.total.billionths.magnitude < fits, a.days | b.days < 1 << 30 {
      return a.total.billionths * Int128(b.days) < b.total.billionths * Int128(a.days)
    }
    let left = a.total.billionths.multipliedFullWidth(by: Int128(b.days))
    let right = b.total.billionths.multipliedFullWidth(by: Int128(a.days))
    return left.high != right.high ? left.high < right.high : left.low < right.low
  }

  public static func == (a: DailyAverage, b: DailyAverage) -> Bool { !(a < b) && !(b < a) }

  public func hash(into hasher: inout Hasher) { hasher.combine(fraction) }
}
