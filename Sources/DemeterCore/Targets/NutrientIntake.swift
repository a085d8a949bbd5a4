import DemeterDigests
import DemeterFoundation
import DemeterJournal

/// One nutrient's intake over a period against its target (manual: targets): the average per logged
/// day of the digests' exact total, the share of the target, and whether it is below the target or
/// above the upper limit. A nutrient no entry of the period states is unknown, never 0 %.
public struct NutrientIntake: Sendable, Hashable {
  /// How the intake compares.
  public enum Status: String, Sendable, Hashable {
    /// No entry of the period states it.
    case unknown
    /// Known, with nothing to compare it with.
    case noTarget = "no target"
    case below = "below target"
    case met
    /// Above an upper limit that concerns food.
    case aboveLimit = "above limit"
  }

  public var label: NutrientLabel
  public var target: NutrientTarget
  /// The average per logged day; nil when unknown.
  public var average: ExactFraction?
  /// `average / target`; nil when either is missing.
  public var shareOfTarget: ExactFraction?
  public var status: Status

  /// The intake of every nutrient with a target, an upper limit or an amount in `summary` (a whole
  /// period's, with its detail): `targets`' order, then other micronutrients the entries state, by
  /// key. Main nutrients are known on any logged day, fiber and sugar (which entries may leave out)
  /// once their total is above 0, micronutrients once an entry states them.
  /// - Complexity: O(k) for k nutrient keys.
  public static func intakes(of summary: BucketSummary, targets: NutrientTargets) -> [NutrientIntake] {
    let days = summary.daysLogged
    var totals: [String: FixedSum] = [:]
    for nutrient in Nutrient.all
    where days > 0 && (nutrient.isRequired || summary.totals[nutrient] != FixedSum()) {
      totals[nutrient.key] = summary.totals[nutrient]
    }
    for micronutrient in summary.micronutrients where days > 0 && micronutrient.entries > 0 {
      totals[micronutrient.name] = micronutrient.amount
    }
    let byKey = Dictionary(uniqueKeysWithValues: targets.targets.map { ($0.key, $0) })
    let others = totals.keys.filter { !NutrientLabel.targetKeys.contains($0) }.sorted {
      ExactArithmetic.precedes($0, $1)
    }
    return (NutrientLabel.targetKeys + others).compactMap { key in
      let target = byKey[key] ?? NutrientTarget(key: key)
      guard byKey[key] != nil || totals[key] != nil else { return nil }
      let average = totals[key].flatMap { ExactFraction.mean($0, count: days) }
      let goal = target.amount.map { ExactFraction(FixedSum($0)) }
      let share = average.flatMap { average in goal.flatMap { average / $0 } }
      let limit = target.upperLimit.flatMap {
        $0.scope.comparesFood ? ExactFraction(FixedSum($0.amount)) : nil
      }
      let status: Status =
        if let average {
          if let limit, Self.isLess(limit, average) {
            .aboveLimit
          } else if let share {
            Self.isLess(share, ExactFraction(1)) ? .below : .met
          } else {
            .noTarget
          }
        } else { .unknown }
      return NutrientIntake(
        label: NutrientLabel(key), target: target, average: average, shareOfTarget: share, status: status)
    }
  }

  /// `a < b`, exactly (a difference too large for 128 bits counts as not less).
  private static func isLess(_ a: ExactFraction, _ b: ExactFraction) -> Bool {
    ((a - b)?.numerator ?? 0) < 0
  }
}
