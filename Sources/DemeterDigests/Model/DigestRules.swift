import DemeterFoundation
import DemeterJournal

/// What a day digest depends on besides its entries: the thresholds and tolerance that flag entries,
/// how many flagged entries a list shows, the query that picks the entries it holds, and the
/// dimension it splits them by. Digests made under other rules are never merged or reused (the parse
/// cache keys on them).
public struct DigestRules: Sendable, Hashable {
  /// An entry is low-confidence (and needs review) below this.
  public var lowConfidence: FixedDecimal
  /// An entry is high-confidence from this on.
  public var highConfidence: FixedDecimal
  public var energyConsistency: EnergyConsistencyTolerance
  /// How many entries a flagged list shows (0: all).
  public var reviewLimit: Int
  /// Whether an unmatched entry is to review (`--review unmatched`); otherwise it is only counted.
  public var reviewsUnmatched: Bool
  /// The entries the digests hold (manual: queries): the builder leaves out every other; nil: all.
  package var query: Query?
  /// The dimension the digests split their entries by (`DigestDetail.breakdown`); nil: none.
  package var breakdown: BreakdownDimension?

  public init(
    lowConfidence: FixedDecimal = AggregationOptions().lowConfidence,
    highConfidence: FixedDecimal = AggregationOptions().highConfidence,
    energyConsistency: EnergyConsistencyTolerance = EnergyConsistencyTolerance(), reviewLimit: Int = 0,
    reviewsUnmatched: Bool = false
  ) {
    self.lowConfidence = lowConfidence
    self.highConfidence = highConfidence
    self.energyConsistency = energyConsistency
    self.reviewLimit = reviewLimit
    self.reviewsUnmatched = reviewsUnmatched
  }

  /// The reasons that put an entry on the to-review list: every one, but `unmatched` only when
  /// `reviewsUnmatched`.
  public var toReview: ReviewReasons {
    var reasons = ReviewReasons(rawValue: ReviewReason.allCases.reduce(0) { $0 | ReviewReasons($1).rawValue })
    if !reviewsUnmatched { reasons.remove(.unmatched) }
    return reasons
  }

  /// The rules the aggregation options imply.
  public init(_ options: AggregationOptions) {
    self.init(
      lowConfidence: options.lowConfidence, highConfidence: options.highConfidence,
      energyConsistency: options.energyConsistency,
      reviewLimit: options.reviewLimit, reviewsUnmatched: options.reviewsUnmatched)
    query = options.query
    breakdown = options.breakdown?.tallied
  }
}
