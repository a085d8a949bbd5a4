import DemeterFoundation
import DemeterJournal

/// One nutrient's daily target for a person (manual: targets): their own, else the RDA or AI of
/// their life-stage group, and the group's upper limit.
public struct NutrientTarget: Sendable, Hashable {
  /// Where a target comes from.
  public enum Origin: String, Sendable, Hashable {
    case recommendedAllowance = "RDA"
    case adequateIntake = "AI"
    /// The Estimated Energy Requirement of the person's profile (`EnergyRequirement`).
    case estimatedRequirement = "EER"
    /// The journal's `targets`.
    case own = "own"
  }

  public var key: String
  /// The daily amount to reach; nil when there is none.
  public var amount: FixedDecimal?
  public var origin: Origin?
  public var upperLimit: UpperLimit?

  public init(key: String, amount: FixedDecimal? = nil, origin: Origin? = nil, upperLimit: UpperLimit? = nil)
  {
    self.key = key
    self.amount = amount
    self.origin = origin
    self.upperLimit = upperLimit
  }
}

/// A person's targets, resolved once (manual: targets): the profile's life-stage group in the tables
/// (`ReferenceIntakes`) and its energy requirement (`EnergyRequirement`), with the journal's own
/// targets over them.
public struct NutrientTargets: Sendable {
  /// The group the reference values come from; nil when the profile names none (`problem`).
  public let group: LifeStageGroup?
  /// Why the reference tables give no values, when they do not.
  public let problem: TargetProblem?
  /// Each nutrient key with a target or an upper limit, in `NutrientLabel.targetKeys` order.
  public let targets: [NutrientTarget]
  /// The acceptable shares of energy (percent) of protein, carbohydrates and fat, for the group.
  public let energyRanges: [(nutrient: Nutrient, percent: ClosedRange<Int>)]
  /// The energy requirement of the profile, the calories target unless the journal gives its own.
  public let energy: EnergyRequirement

  /// The targets of `profile` in `year` (the year of the report's last day), `own` over the
  /// reference values of its group and its energy requirement at `trendWeight` (the body log's
  /// latest trend weight and its day, else the profile's weight).
  public init(
    profile: PersonProfile, year: Int, own: [String: FixedDecimal], reference: ReferenceIntakes,
    trendWeight: (kilograms: FixedDecimal, date: CivilDate)? = nil
  ) {
    let found = LifeStageGroup.of(profile, year: year)
    let group = try? found.get()
    self.group = group
    if case .failure(let problem) = found { self.problem = problem } else { problem = nil }
    let energy = EnergyRequirement(profile: profile, year: year, trendWeight: trendWeight, reference: reference)
    self.energy = energy
    targets = NutrientLabel.targetKeys.compactMap { key in
      var target = NutrientTarget(key: key)
      if key == Nutrient.calories.key, let kilocalories = energy.kilocalories {
        (target.amount, target.origin) = (kilocalories, .estimatedRequirement)
      }
      if let group, let intake = reference.intake(key, group) {
        target.amount = intake.amount
        target.origin = intake.kind == .adequateIntake ? .adequateIntake : .recommendedAllowance
      }
      if let amount = own[key] { (target.amount, target.origin) = (amount, .own) }
      target.upperLimit = group.flatMap { reference.upperLimit(key, $0) }
      return target.amount == nil && target.upperLimit == nil ? nil : target
    }
    energyRanges =
      group.map { group in
        Nutrient.macronutrients.compactMap { nutrient in
          reference.energyRange(nutrient, group).map { (nutrient, $0) }
        }
      } ?? []
  }

  /// The daily energy target, kcal: the journal's own `calories`, else the energy requirement.
  public var kilocalories: FixedDecimal? {
    targets.first { $0.key == Nutrient.calories.key }?.amount
  }
}
