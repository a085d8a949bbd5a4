import DemeterFoundation

/// What a day digest depends on besides its entries: the thresholds and tolerance that flag entries,
/// and how many flagged entries a list shows. Digests made under other rules are never merged or
/// reused (the parse cache keys on them).
public struct DigestRules: Sendable, Hashable {
  /// An entry is low-confidence (and needs review) below this.
  public var lowConfidence: FixedDecimal
  /// An entry is high-confidence from this on.
  public var highConfidence: FixedDecimal
  public var energyConsistency: EnergyConsistencyTolerance
  /// How many entries a flagged list shows (0: all).
  public var reviewLimit: Int

  public init(
    lowConfidence: FixedDecimal = AggregationOptions().lowConfidence,
    highConfidence: FixedDecimal = AggregationOptions().highConfidence,
    energyConsistency: EnergyConsistencyTolerance = EnergyConsistencyTolerance(), reviewLimit: Int = 0
  ) {
    self.lowConfidence = lowConfidence
    self.highConfidence = highConfidence
    self.energyConsistency = energyConsistency
    self.reviewLimit = reviewLimit
  }

  /// The rules the aggregation options imply.
  public init(_ options: AggregationOptions) {
    self.init(
      lowConfidence: options.lowConfidence, highConfidence: options.highConfidence,
      energyConsistency: options.energyConsistency,
      reviewLimit: options.reviewLimit)
  }
}
