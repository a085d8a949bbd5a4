import DemeterCore
import DemeterReports
import Testing

/// The energy target against the published equations, value by value: each expected value computed
/// by hand from the adult Estimated Energy Requirement equations of *Dietary Reference Intakes for
/// Energy* (National Academies of Sciences, Engineering, and Medicine, 2023, doi:10.17226/26818), as
/// Health Canada reprints them ("Dietary reference intakes tables: Equations to estimate energy
/// requirement"), typed from the source and not from the data file.
@Suite struct EnergyRequirementTests {
  /// One person and the requirement worked out by hand from the published equation.
  struct Spot: Sendable, CustomTestStringConvertible {
    var equation: String
    var sex: PersonProfile.Sex
    var activity: ActivityLevel
    var age: Int
    var heightCm: String
    var weightKg: String
    var kilocalories: String
    var testDescription: String { "\(equation) = \(kilocalories)" }
  }

  static let spots: [Spot] = [
    Spot(
      equation: "Men, inactive: 753.07 − 10.83 × 30 + 6.50 × 170 + 14.10 × 70", sex: .male, activity: .inactive,
      age: 30, heightCm: "170", weightKg: "70", kilocalories: "2520.17"),
    Spot(
      equation: "Men, low active: 581.47 − 10.83 × 40 + 8.30 × 180 + 14.94 × 81.4", sex: .male,
      activity: .lowActive, age: 40, heightCm: "180", weightKg: "81.4", kilocalories: "2858.386"),
    Spot(
      equation: "Men, active: 1004.82 − 10.83 × 25 + 6.52 × 175.5 + 15.91 × 72", sex: .male, activity: .active,
      age: 25, heightCm: "175.5", weightKg: "72", kilocalories: "3023.85"),
    Spot(
      equation: "Men, very active: −517.88 − 10.83 × 55 + 15.61 × 182 + 19.11 × 90", sex: .male,
      activity: .veryActive, age: 55, heightCm: "182", weightKg: "90", kilocalories: "3447.39"),
    Spot(
      equation: "Women, low active: 575.77 − 7.01 × 35 + 6.60 × 168 + 12.14 × 64.2", sex: .female,
      activity: .lowActive, age: 35, heightCm: "168", weightKg: "64.2", kilocalories: "2218.608"),
    Spot(
      equation: "Women, inactive: 584.90 − 7.01 × 70 + 5.72 × 160 + 11.71 × 58", sex: .female,
      activity: .inactive, age: 70, heightCm: "160", weightKg: "58", kilocalories: "1688.58"),
    Spot(
      equation: "Women, active: 710.25 − 7.01 × 30 + 6.54 × 170 + 12.34 × 70", sex: .female, activity: .active,
      age: 30, heightCm: "170", weightKg: "70", kilocalories: "2475.55"),
    Spot(
      equation: "Women, very active: 511.83 − 7.01 × 22 + 9.07 × 165 + 12.56 × 55", sex: .female,
      activity: .veryActive, age: 22, heightCm: "165", weightKg: "55", kilocalories: "2544.96"),
  ]

  static func decimal(_ text: String) throws -> FixedDecimal {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: text) else { throw SpotError.notANumber(text) }
    return value
  }

  enum SpotError: Error { case notANumber(String) }

  @Test(arguments: spots) func requirementMatchesThePublishedEquation(_ spot: Spot) throws {
    let profile = PersonProfile(
      sex: spot.sex, age: spot.age, heightCm: try Self.decimal(spot.heightCm),
      weightKg: try Self.decimal(spot.weightKg), activity: spot.activity)
    let targets = NutrientTargets(profile: profile, year: 2026, own: [:], reference: .published)
    #expect(targets.energy.kilocalories == (try Self.decimal(spot.kilocalories)))
    let calories = try #require(targets.targets.first { $0.key == "calories" })
    #expect(calories.amount == (try Self.decimal(spot.kilocalories)))
    #expect(calories.origin == .estimatedRequirement)
  }

  /// Without an activity level the profile is low active; the body log's trend weight is taken over
  /// the profile's.
  @Test func lowActiveByDefaultAndTheTrendWeightFirst() throws {
    let profile = PersonProfile(
      sex: .male, age: 40, heightCm: FixedDecimal(180), weightKg: FixedDecimal(95))
    let day = CivilDate(year: 2026, month: 11, day: 22)!
    let targets = NutrientTargets(
      profile: profile, year: 2026, own: [:], reference: .published,
      trendWeight: (try Self.decimal("81.4"), day))
    // 581.47 − 10.83 × 40 + 8.30 × 180 + 14.94 × 81.4 (men, low active).
    #expect(targets.energy.kilocalories == (try Self.decimal("2858.386")))
    #expect(targets.energy.activity == .lowActive)
    #expect(targets.energy.weight?.source == .trend(day))
    // The profile's weight without a trend: 581.47 − 433.2 + 1494 + 14.94 × 95 = 3061.57.
    let fromProfile = NutrientTargets(profile: profile, year: 2026, own: [:], reference: .published)
    #expect(fromProfile.energy.kilocalories == (try Self.decimal("3061.57")))
    #expect(fromProfile.energy.weight?.source == .profile)
  }

  /// The journal's own `calories` target replaces the requirement; the macronutrient ranges in grams
  /// follow it.
  @Test func ownCaloriesTargetOverridesTheRequirement() throws {
    let profile = PersonProfile(
      sex: .female, age: 35, heightCm: FixedDecimal(168), weightKg: try Self.decimal("64.2"))
    let targets = NutrientTargets(
      profile: profile, year: 2026, own: ["calories": FixedDecimal(1800)!], reference: .published)
    let calories = try #require(targets.targets.first { $0.key == "calories" })
    #expect(calories.amount == FixedDecimal(1800))
    #expect(calories.origin == .own)
    #expect(targets.kilocalories == FixedDecimal(1800))
    #expect(targets.energy.kilocalories == (try Self.decimal("2218.608")))
  }

  /// Without a height or a weight, or outside the adults the equations cover, the energy target is
  /// unknown and says why: no calories target, so no % of target.
  @Test(arguments: [
    (PersonProfile(sex: .female, age: 35, weightKg: FixedDecimal(60)), EnergyRequirement.Problem.noHeight),
    (PersonProfile(sex: .female, age: 35, heightCm: FixedDecimal(160)), .noWeight),
    (PersonProfile(age: 35, heightCm: FixedDecimal(160), weightKg: FixedDecimal(60)), .noSex),
    (PersonProfile(sex: .male, age: 15, heightCm: FixedDecimal(160), weightKg: FixedDecimal(60)), .notAdult),
    (
      PersonProfile(sex: .female, age: 30, pregnant: true, heightCm: FixedDecimal(160), weightKg: FixedDecimal(60)),
      .pregnancyOrLactation
    ),
  ])
  func missingInputsLeaveTheEnergyTargetUnknown(_ profile: PersonProfile, _ problem: EnergyRequirement.Problem) {
    let targets = NutrientTargets(profile: profile, year: 2026, own: [:], reference: .published)
    #expect(targets.energy.kilocalories == nil)
    #expect(targets.energy.problem == problem)
    #expect(targets.kilocalories == nil)
    #expect(!targets.targets.contains { $0.key == "calories" })
  }
}
