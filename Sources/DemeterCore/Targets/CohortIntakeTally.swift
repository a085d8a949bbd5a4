import DemeterFoundation
import DemeterJournal

/// How many people of a cohort meet each nutrient target (manual: targets, many-journals), each
/// person's intakes folded in as they are read and then dropped, so the tally holds a few numbers a
/// nutrient whatever the number of people.
public struct CohortIntakeTally: Sendable {
  /// One nutrient's counts over the people folded in.
  public struct Counts: Sendable, Hashable {
    public let label: NutrientLabel
    /// The people whose intake of it is known.
    public internal(set) var known = 0
    /// Of them, those with a target.
    public internal(set) var withTarget = 0
    /// Of them, those whose intake per logged day is at least the target, compared exactly.
    public internal(set) var meeting = 0
    /// The known people with an upper limit that concerns food.
    public internal(set) var withFoodLimit = 0
    /// Of them, those above it.
    public internal(set) var aboveLimit = 0
  }

  /// The people folded in.
  public private(set) var people = 0
  /// Every nutrient any person has a target for or logged, in the order they first come (each
  /// person's in the order of their own report).
  public private(set) var nutrients: [Counts] = []
  private var positions: [String: Int] = [:]

  public init() {}

  /// Folds in one person's intakes (`NutrientIntake.intakes`).
  public mutating func add(_ intakes: [NutrientIntake]) {
    people += 1
    for intake in intakes {
      var counts = take(intake.label)
      if intake.status != .unknown {
        counts.known += 1
        if let share = intake.shareOfTarget {
          counts.withTarget += 1
          if ((share - ExactFraction(1))?.numerator ?? -1) >= 0 { counts.meeting += 1 }
        }
        if intake.target.upperLimit?.scope.comparesFood ?? false { counts.withFoodLimit += 1 }
        if intake.status == .aboveLimit { counts.aboveLimit += 1 }
      }
      nutrients[positions[intake.label.key]!] = counts
    }
  }

  /// Folds in the people of `other`, who come after those of this tally.
  public mutating func add(_ other: CohortIntakeTally) {
    people += other.people
    for theirs in other.nutrients {
      var counts = take(theirs.label)
      counts.known += theirs.known
      counts.withTarget += theirs.withTarget
      counts.meeting += theirs.meeting
      counts.withFoodLimit += theirs.withFoodLimit
      counts.aboveLimit += theirs.aboveLimit
      nutrients[positions[theirs.label.key]!] = counts
    }
  }

  /// The targets every person with one meets: nutrients with a target for someone, met by all of them.
  public var metByAll: Int {
    nutrients.count { $0.withTarget > 0 && $0.meeting == $0.withTarget }
  }

  /// The counts of `label`, added at the end when it is new.
  private mutating func take(_ label: NutrientLabel) -> Counts {
    if let position = positions[label.key] { return nutrients[position] }
    positions[label.key] = nutrients.count
    nutrients.append(Counts(label: label))
    return nutrients[nutrients.count - 1]
  }
}
