import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A cohort's intakes folded in person by person (manual: targets): on a generated cohort, whatever
/// runs the people are folded in and merged by, the tally equals the all-at-once computation over
/// every person's intakes kept together.
@Suite struct CohortIntakeTallyTests {
  /// What the all-at-once computation finds of one nutrient.
  struct Expected: Equatable {
    var known = 0, withTarget = 0, meeting = 0, withFoodLimit = 0, aboveLimit = 0
  }

  /// Every person's intakes, each person with a journal of their own (`NutrientIntakeTests.journal`)
  /// and a profile of their own (sex, age, a target or none).
  static func cohort(people: Int, seed: UInt64) -> [[NutrientIntake]] {
    var random = SplitMix64(seed: seed)
    let period = Period(
      first: CivilDate(year: 2026, month: 11, day: 1)!, last: CivilDate(year: 2026, month: 11, day: 28)!)
    return (0..<people).map { person in
      let journal = NutrientIntakeTests.journal(seed: seed &* 31 &+ UInt64(person), days: 28)
      let summary = JournalDigests(entries: journal.entries).summarize(
        buckets: [period], options: AggregationOptions()
      ).whole
      let profile = PersonProfile(
        sex: Bool.random(using: &random) ? .female : .male, age: Int.random(in: 2...80, using: &random))
      let own: [String: FixedDecimal] =
        Bool.random(using: &random) ? ["sodium_mg": FixedDecimal(Int.random(in: 500...5000, using: &random))!] : [:]
      let targets = NutrientTargets(
        profile: profile, year: 2026, own: own, reference: NutrientTargetTests.reference)
      return NutrientIntake.intakes(of: summary, targets: targets)
    }
  }

  /// The all-at-once computation: every person's intakes side by side, counted key by key, the keys
  /// in the order they first come.
  static func allAtOnce(_ people: [[NutrientIntake]]) -> (order: [String], counts: [String: Expected]) {
    var order: [String] = []
    var counts: [String: Expected] = [:]
    for intakes in people {
      for intake in intakes {
        if counts[intake.label.key] == nil { order.append(intake.label.key) }
        var expected = counts[intake.label.key] ?? Expected()
        if intake.status != .unknown {
          expected.known += 1
          if let share = intake.shareOfTarget {
            expected.withTarget += 1
            // At least the target: numerator ≥ denominator (the denominator is positive).
            if share.numerator >= share.denominator { expected.meeting += 1 }
          }
          if let limit = intake.target.upperLimit, limit.scope == .total || limit.scope == .cdrr {
            expected.withFoodLimit += 1
          }
          if intake.status == .aboveLimit { expected.aboveLimit += 1 }
        }
        counts[intake.label.key] = expected
      }
    }
    return (order, counts)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func foldingPersonByPersonEqualsTheAllAtOnceComputation(seed: UInt64) {
    let people = Self.cohort(people: 40, seed: seed)
    let reference = Self.allAtOnce(people)
    var random = SplitMix64(seed: seed &+ 100)
    // Runs of random lengths, each folded on its own, then merged in order.
    var tally = CohortIntakeTally()
    var start = 0
    while start < people.count {
      let end = min(people.count, start + Int.random(in: 1...9, using: &random))
      var run = CohortIntakeTally()
      for intakes in people[start..<end] { run.add(intakes) }
      tally.add(run)
      start = end
    }
    #expect(tally.people == people.count)
    #expect(tally.nutrients.map(\.label.key) == reference.order)
    for counts in tally.nutrients {
      let expected = reference.counts[counts.label.key]!
      #expect(
        Expected(
          known: counts.known, withTarget: counts.withTarget, meeting: counts.meeting,
          withFoodLimit: counts.withFoodLimit, aboveLimit: counts.aboveLimit) == expected, "\(counts.label.key)")
    }
    let metByAll = reference.counts.values.count { $0.withTarget > 0 && $0.meeting == $0.withTarget }
    #expect(tally.metByAll == metByAll)
    // Some of everything, so the comparison says something.
    #expect(tally.nutrients.contains { $0.meeting > 0 && $0.meeting < $0.withTarget })
    #expect(tally.nutrients.contains { $0.withTarget < $0.known })
  }
}
