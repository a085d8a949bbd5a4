import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A person's life-stage group and targets (manual: targets): the profile resolved to a row of the
/// tables, their own targets over the reference values.
@Suite struct NutrientTargetTests {
  /// Two groups of a small table in the data files' form.
  static let reference = ReferenceIntakes(files: [
    "intakes.csv": """
    # a comment line
    group,protein,iron_mg,vitamin_c_mg
    females-31-50,46,18,75
    males-31-50,56,8,90
    """,
    "upper-limits.csv": """
    group,protein,iron_mg,vitamin_c_mg
    applies-to,,total,supplements
    females-31-50,ND,45,2000
    males-31-50,ND,45,2000
    """,
    "macronutrient-ranges.csv": """
    group,protein,carbohydrates,fat
    females-31-50,10-35,45-65,20-35
    males-31-50,10-35,45-65,20-35
    """,
  ])

  @Test(arguments: [
    (PersonProfile(sex: .female, age: 35), "females-31-50"),
    (PersonProfile(sex: .male, birthYear: 1956), "males-71+"),
    (PersonProfile(sex: .male, birthYear: 1957), "males-51-70"),
    (PersonProfile(age: 2), "children-1-3"),
    (PersonProfile(age: 8), "children-4-8"),
    (PersonProfile(sex: .female, age: 17, pregnant: true), "pregnancy-14-18"),
    (PersonProfile(sex: .female, age: 30, lactating: true), "lactation-19-30"),
    (PersonProfile(sex: .female, age: 13), "females-9-13"),
    (PersonProfile(sex: .male, age: 18), "males-14-18"),
  ])
  func profileFindsItsGroup(_ profile: PersonProfile, _ group: String) throws {
    #expect(try LifeStageGroup.of(profile, year: 2027).get().id == group)
  }

  @Test func aProfileWithoutAgeOrSexHasNoGroup() {
    #expect(throws: TargetProblem.noAge) {
      try LifeStageGroup.of(PersonProfile(sex: .female), year: 2026).get()
    }
    #expect(throws: TargetProblem.noSex) { try LifeStageGroup.of(PersonProfile(age: 40), year: 2026).get() }
    #expect(throws: TargetProblem.infant) { try LifeStageGroup.of(PersonProfile(age: 0), year: 2026).get() }
  }

  /// Options over the config: an age given replaces the config's birth year.
  @Test func profileOverAnotherTakesEachGivenValue() {
    let config = PersonProfile(sex: .female, birthYear: 1990, heightCm: FixedDecimal(168))
    let given = PersonProfile(age: 50, pregnant: true).over(config)
    #expect(given == PersonProfile(sex: .female, age: 50, pregnant: true, heightCm: FixedDecimal(168)))
    #expect(PersonProfile().over(config).age(in: 2026) == 36)
  }

  @Test func ownTargetsOverTheReferenceValues() throws {
    let targets = NutrientTargets(
      profile: PersonProfile(sex: .female, age: 40), year: 2026,
      own: ["iron_mg": FixedDecimal(12)!, "water_g": FixedDecimal(2000)!],
      reference: Self.reference)
    #expect(targets.group?.id == "females-31-50")
    let byKey = Dictionary(uniqueKeysWithValues: targets.targets.map { ($0.key, $0) })
    #expect(byKey["iron_mg"]?.amount == FixedDecimal(12))
    #expect(byKey["iron_mg"]?.origin == .own)
    #expect(byKey["iron_mg"]?.upperLimit == UpperLimit(amount: FixedDecimal(45)!, scope: .total))
    #expect(byKey["vitamin_c_mg"]?.origin == .recommendedAllowance)
    #expect(byKey["vitamin_c_mg"]?.upperLimit?.scope == .supplements)
    #expect(byKey["water_g"]?.amount == FixedDecimal(2000))
    #expect(byKey["protein"]?.amount == FixedDecimal(46))
    #expect(targets.targets.map(\.key) == ["protein", "iron_mg", "vitamin_c_mg", "water_g"])
    #expect(targets.energyRanges.map(\.percent) == [10...35, 45...65, 20...35])
  }

  /// Without a group, only the person's own targets.
  @Test func withoutAGroupOnlyOwnTargets() {
    let targets = NutrientTargets(
      profile: PersonProfile(), year: 2026, own: ["fiber": FixedDecimal(30)!], reference: Self.reference)
    #expect(targets.problem == .noAge)
    #expect(targets.targets.map(\.key) == ["fiber"])
    #expect(targets.energyRanges.isEmpty)
  }
}
