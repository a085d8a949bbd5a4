import DemeterFoundation
import DemeterJournal

/// What aggregation computes beyond plain totals: confidence thresholds, goals, tolerances and list
/// lengths (manual: reports). Plain values, so a caller can build them from defaults, config and flags.
public struct AggregationOptions: Sendable, Hashable {
  /// The meals the journal format names (manual: journal), in the order meal breakdowns list them.
  public static let standardMealOrder = ["breakfast", "lunch", "dinner", "snack"]

  /// An entry is low-confidence when its confidence is strictly below this (default 0.5).
  public var lowConfidence: FixedDecimal
  /// An entry is high-confidence when its confidence is at least this (default 0.8). Entries that are
  /// neither low nor high are medium. If `lowConfidence` exceeds this, "low" wins for entries below it.
  public var highConfidence: FixedDecimal
  /// Daily goals; goals left `nil` are not evaluated.
  public var goals: Goals
  /// A day meets a goal when it is within this fraction of it, inclusive (default 0.1, i.e. ±10 %).
  public var goalTolerance: FixedDecimal
  /// When an entry's stated energy counts as inconsistent with its macronutrients.
  public var energyConsistency: EnergyConsistencyTolerance
  /// How many foods each top-foods list keeps (default 10; 0 keeps all).
  public var topFoodCount: Int
  /// How many entries each flagged-entry list (needs review, energy inconsistent) keeps after sorting
  /// (default 0, which keeps all); the full counts are always reported.
  public var reviewLimit: Int
  /// Whether unmatched entries are to review (`--review unmatched`; default false: only counted).
  public var reviewsUnmatched = false
  /// Meals listed first, in this order, in meal breakdowns; other meal names follow in code point order.
  public var mealOrder: [String]
  /// The number of calendar days in the trailing moving average of daily calories (default 7).
  public var movingAverageDays: Int
  /// The entries a report counts (manual: queries); nil: every entry. Part of the digest rules: the
  /// digests hold only the entries it matches.
  package var query: Query?
  /// The dimension each bucket is split by (manual: queries, `--by`); nil: none. The digests tally
  /// its `BreakdownDimension.tallied` dimension.
  public var breakdown: BreakdownDimension?

  public init(
    lowConfidence: FixedDecimal = FixedDecimal(billionths: 500_000_000),
    highConfidence: FixedDecimal = FixedDecimal(billionths: 800_000_000),
    goals: Goals = Goals(),
    goalTolerance: FixedDecimal = FixedDecimal(billionths: 100_000_000),
    energyConsistency: EnergyConsistencyTolerance = EnergyConsistencyTolerance(),
    topFoodCount: Int = 10,
    reviewLimit: Int = 0,
    mealOrder: [String] = AggregationOptions.standardMealOrder,
    movingAverageDays: Int = 7
  ) {
    precondition(topFoodCount >= 0 && reviewLimit >= 0, "list lengths must not be negative")
    precondition(movingAverageDays >= 1, "a moving average needs at least one day")
    self.lowConfidence = lowConfidence
    self.highConfidence = highConfidence
    self.goals = goals
    self.goalTolerance = goalTolerance
    self.energyConsistency = energyConsistency
    self.topFoodCount = topFoodCount
    self.reviewLimit = reviewLimit
    self.mealOrder = mealOrder
    self.movingAverageDays = movingAverageDays
  }
}

/// When stated calories disagree with the energy of the stated macronutrients and alcohol
/// (4 kcal/g protein, 4 kcal/g carbohydrates, 9 kcal/g fat, 7 kcal/g alcohol).
///
/// An entry's alcohol is its own `alcohol_g` micronutrient, else its matched ingredient's alcohol
/// share of its energy (`IngredientAlcohol`), else, matched to nothing, the share of the one food
/// with alcohol named as its food (`IngredientAlcohol.food(named:)`), else none. With E = 4·P + 4·C + 9·F + 7·A, an entry is
/// flagged when |calories − E| exceeds **both** `relative` × E and `calories`, each strictly. The
/// comparison is exact integer arithmetic on billionths.
public struct EnergyConsistencyTolerance: Sendable, Hashable {
  /// Energy per gram of alcohol.
  public static let alcoholKcalPerGram: Int64 = 7

  /// The allowed difference as a fraction of the macronutrient energy (default 0.25, i.e. 25 %).
  public var relative: FixedDecimal
  /// The allowed difference in kcal (default 20).
  public var calories: FixedDecimal
  /// The alcohol of the ingredients entries are matched to (default: none has any).
  public var alcohol: IngredientAlcohol

  public init(
    relative: FixedDecimal = FixedDecimal(billionths: 250_000_000),
    calories: FixedDecimal = FixedDecimal(billionths: 20_000_000_000),
    alcohol: IngredientAlcohol = IngredientAlcohol()
  ) {
    self.relative = relative
    self.calories = calories
    self.alcohol = alcohol
  }

  /// Whether an entry with these stated values is inconsistent; `alcohol` in billionths of a gram.
  /// - Complexity: O(1).
  @inline(__always)
  package func isInconsistent(calories stated: Int64, macroEnergy: Int128, alcohol: Int64 = 0) -> Bool {
    // The usual case in 64 bits: each value below 2⁵⁹ in magnitude (alcohol 2⁵⁶, times 7), so the
    // energy is below 2⁶⁰ and the difference below 2⁶¹.
    let limit: UInt64 = 1 << 59
    if macroEnergy.magnitude < UInt128(limit), alcohol.magnitude < limit >> 3, stated.magnitude < limit {
      let energy = Int64(truncatingIfNeeded: macroEnergy) + Self.alcoholKcalPerGram * alcohol
      let difference = (stated - energy).magnitude
      return difference > calories.billionths.magnitude
        && ExactArithmetic.exceeds(difference, fraction: relative, of: energy.magnitude)
    }
    let energy = macroEnergy + Int128(Self.alcoholKcalPerGram) * Int128(alcohol)
    let difference = (Int128(stated) - energy).magnitude
    return difference > UInt128(calories.billionths.magnitude)
      && ExactArithmetic.exceeds(difference, fraction: relative, of: energy.magnitude)
  }

  /// An entry's alcohol in billionths of a gram: `own` (its `alcohol_g`), else the share of
  /// `ingredientID` for its `calories`, else without an ingredient that of the food named `foodName`,
  /// else 0.
  package func alcohol(
    own: Int64?, ingredientID: (some StringProtocol)?, foodName: some StringProtocol, calories: Int64
  ) -> Int64 {
    alcohol(own: own, share: own == nil ? share(ingredientID: ingredientID, foodName: foodName) : nil, calories: calories)
  }

  /// The share of `ingredientID`, or without one that of the food named `foodName`.
  private func share(ingredientID: (some StringProtocol)?, foodName: some StringProtocol) -> IngredientAlcohol.Share? {
    guard let ingredientID else { return alcohol.food(named: foodName).flatMap { alcohol.share(ofID: $0.id) } }
    return alcohol.share(ofID: ingredientID)
  }

  /// An entry's alcohol in billionths of a gram: `own`, else its ingredient's `share` of its
  /// `calories`, else 0.
  package func alcohol(own: Int64?, share: IngredientAlcohol.Share?, calories: Int64) -> Int64 {
    own ?? share?.grams(calories: calories) ?? 0
  }
}
