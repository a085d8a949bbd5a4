import DemeterFoundation
import DemeterJournal

/// One Estimated Energy Requirement equation (manual: targets): kcal a day = constant + age × years
/// + height × cm + weight × kg, its coefficients as published (`energy-requirements.csv`).
public struct EnergyEquation: Sendable, Hashable {
  public var constant: FixedDecimal
  public var age: FixedDecimal
  public var heightCm: FixedDecimal
  public var weightKg: FixedDecimal

  /// The equation's kcal a day for `age` years, `heightCm` and `weightKg`: the exact sum of its
  /// products, rounded half to even to the billionth once.
  public func kilocalories(age years: Int, heightCm height: FixedDecimal, weightKg weight: FixedDecimal)
    -> FixedDecimal
  {
    let unit = Int128(FixedDecimal.unitsPerOne)
    // In units of 10⁻¹⁸ kcal: each coefficient (billionths) times its variable (billionths).
    let total =
      Int128(constant.billionths) * unit + Int128(age.billionths) * Int128(years) * unit
      + Int128(heightCm.billionths) * Int128(height.billionths)
      + Int128(weightKg.billionths) * Int128(weight.billionths)
    return FixedDecimal(billionths: Int64(HalfEven.quotient(total, unit)))
  }
}

/// A person's energy target from their profile (manual: targets): the Estimated Energy Requirement of
/// the National Academies' *Dietary Reference Intakes for Energy* (2023) for their sex, age, height,
/// weight and physical activity level, or why there is none. The equations used cover adults from
/// 19 years who are neither pregnant nor lactating.
public struct EnergyRequirement: Sendable {
  /// Why the requirement is unknown.
  public enum Problem: Sendable, Hashable, CustomStringConvertible {
    case noSex, noAge, noHeight, noWeight
    /// Under 19 years.
    case notAdult
    /// Pregnant or lactating.
    case pregnancyOrLactation

    public var description: String {
      switch self {
      case .noSex: "no sex: give --sex female|male, or a \"sex\" in the profile"
      case .noAge: "no age: give --age, or a \"birthYear\" in the profile"
      case .noHeight: "no height: give a \"heightCm\" in the profile"
      case .noWeight: "no weight: add a weigh-in to the body log ('help body-log'), or give a \"weightKg\" in the profile"
      case .notAdult: "the energy equations used here start at 19 years"
      case .pregnancyOrLactation: "the energy equations used here are for adults who are neither pregnant nor lactating"
      }
    }
  }

  /// Where the weight came from.
  public enum WeightSource: Sendable, Hashable {
    /// The body log's trend weight on this day.
    case trend(CivilDate)
    /// The profile's `weightKg`.
    case profile
  }

  /// kcal a day; nil when `problem` says why.
  public let kilocalories: FixedDecimal?
  public let problem: Problem?
  public let activity: ActivityLevel
  /// The weight the requirement is for, and where it came from; nil when none is known.
  public let weight: (kilograms: FixedDecimal, source: WeightSource)?

  /// The requirement of `profile` in `year` (its age: `PersonProfile.age(in:)`), at the body log's
  /// `trendWeight` (of `trendDate`) when there is one, else the profile's weight.
  public init(
    profile: PersonProfile, year: Int, trendWeight: (kilograms: FixedDecimal, date: CivilDate)?,
    reference: ReferenceIntakes
  ) {
    activity = profile.activity ?? .assumed
    weight =
      trendWeight.map { ($0.kilograms, .trend($0.date)) } ?? profile.weightKg.map { ($0, .profile) }
    let problem: Problem? =
      if profile.pregnant == true || profile.lactating == true { .pregnancyOrLactation }
      else if profile.sex == nil { .noSex }
      else if profile.age(in: year) == nil { .noAge }
      else if profile.age(in: year)! < 19 { .notAdult }
      else if profile.heightCm == nil { .noHeight }
      else if weight == nil { .noWeight }
      else { nil }
    self.problem = problem
    guard problem == nil, let sex = profile.sex, let age = profile.age(in: year), let height = profile.heightCm,
      let weight, let equation = reference.energyEquation(sex, activity)
    else {
      kilocalories = nil
      return
    }
    kilocalories = equation.kilocalories(age: age, heightCm: height, weightKg: weight.kilograms)
  }
}
