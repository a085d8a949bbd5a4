import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Intake against target (manual: targets) on generated journals, against an independent computation:
/// each nutrient's amounts summed as integers of thousandths, over the distinct dates with entries.
@Suite struct NutrientIntakeTests {
  static let keys = ["iron_mg", "vitamin_c_mg", "sodium_mg", "lutein_ug"]

  /// A journal of `days` days from 2026-11-01, some days without entries, each entry stating a random
  /// part of `keys` (never `vitamin_d_ug`) in thousandths, and fiber now and then.
  static func journal(seed: UInt64, days: Int) -> (entries: [ExportedEntry], sums: [String: Int], logged: Int)
  {
    var random = SplitMix64(seed: seed)
    var entries: [ExportedEntry] = []
    var sums: [String: Int] = [:]
    var logged = 0
    for day in 0..<days where Int.random(in: 0..<4, using: &random) != 0 {
      logged += 1
      let date = CivilDate(year: 2026, month: 11, day: 1)!.adding(days: day)
      for index in 0..<Int.random(in: 1...5, using: &random) {
        var micronutrients: [MicronutrientAmount] = []
        for key in keys where Bool.random(using: &random) {
          let thousandths = Int.random(in: 0...900_000, using: &random)
          sums[key, default: 0] += thousandths
          micronutrients.append(
            MicronutrientAmount(name: key, amount: FixedDecimal(billionths: Int64(thousandths) * 1_000_000)))
        }
        let fiber = Int.random(in: 0...20_000, using: &random)
        sums["fiber", default: 0] += fiber
        let row = Entry(
          timestamp: Timestamp(localDate: date, secondOfDay: 3600 * (7 + index), utcOffsetSeconds: 0),
          id: "e\(day)-\(index)", rawDescription: "food",
          foodName: ["lentils", "Lentils", "rice"][index % 3],
          quantity: FixedDecimal(1)!, unit: "serving", calories: FixedDecimal(300)!,
          protein: FixedDecimal(10)!,
          carbohydrates: FixedDecimal(40)!, fat: FixedDecimal(10)!,
          fiber: FixedDecimal(billionths: Int64(fiber) * 1_000_000),
          confidence: FixedDecimal(billionths: 900_000_000), micronutrients: micronutrients, line: index + 1)
        entries.append(ExportedEntry(row: row, path: "\(date).jsonl"))
      }
    }
    return (entries, sums, logged)
  }

  static let targets = NutrientTargets(
    profile: PersonProfile(sex: .female, age: 35), year: 2026,
    own: [
      "vitamin_d_ug": FixedDecimal(15)!, "sodium_mg": FixedDecimal(1500)!, "fiber": FixedDecimal(25)!,
    ],
    reference: NutrientTargetTests.reference)

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func shareOfTargetEqualsAnIndependentSum(seed: UInt64) throws {
    let journal = Self.journal(seed: seed, days: 28)
    let period = Period(
      first: CivilDate(year: 2026, month: 11, day: 1)!, last: CivilDate(year: 2026, month: 11, day: 28)!)
    let summary = JournalDigests(entries: journal.entries).summarize(
      buckets: [period], options: AggregationOptions()
    ).whole
    let intakes = NutrientIntake.intakes(of: summary, targets: Self.targets)
    let byKey = Dictionary(uniqueKeysWithValues: intakes.map { ($0.label.key, $0) })
    #expect(summary.daysLogged == journal.logged)
    for key in ["iron_mg", "vitamin_c_mg", "sodium_mg", "fiber"] {
      let intake = try #require(byKey[key], "\(key)")
      let target = try #require(intake.target.amount)
      let sum = Int128(try #require(journal.sums[key]))
      let share = try #require(intake.shareOfTarget, "\(key)")
      // share = (sum / 1000 / days) / target, cross-multiplied in integers: target in billionths.
      #expect(
        share.numerator * 1000 * Int128(journal.logged) * Int128(target.billionths) == share.denominator * sum
          * 1_000_000_000)
      let expected = Double(sum) / 1000 / Double(journal.logged) / target.doubleValue
      #expect(abs(share.doubleValue - expected) <= 1e-12 * expected)
      #expect(intake.status == (expected < 1 ? .below : .met) || intake.status == .aboveLimit)
    }
    // Logged, though it has no name: shown under its key, without a target.
    #expect(byKey["lutein_ug"]?.label.text == "lutein_ug")
    #expect(byKey["lutein_ug"]?.status == .noTarget)
    #expect(intakes.last?.label.key == "lutein_ug")
    // Nobody logged vitamin D: unknown, never 0 %.
    #expect(byKey["vitamin_d_ug"]?.status == .unknown)
    #expect(byKey["vitamin_d_ug"]?.shareOfTarget == nil)
  }

  /// An average above an upper limit that concerns food is flagged; one that concerns supplements is
  /// only compared with the target.
  @Test func aboveALimitOfFoodIsFlagged() throws {
    let period = Period(
      first: CivilDate(year: 2026, month: 11, day: 1)!, last: CivilDate(year: 2026, month: 11, day: 1)!)
    let row = Entry(
      timestamp: Timestamp(localDate: period.first, secondOfDay: 3600, utcOffsetSeconds: 0), id: "a",
      rawDescription: "pills", foodName: "pills", quantity: FixedDecimal(1)!, unit: "serving",
      calories: FixedDecimal(1)!, protein: .zero, carbohydrates: .zero, fat: .zero,
      confidence: FixedDecimal(1)!,
      micronutrients: [
        MicronutrientAmount(name: "iron_mg", amount: FixedDecimal(60)!),
        MicronutrientAmount(name: "vitamin_c_mg", amount: FixedDecimal(3000)!),
      ], line: 1)
    let summary = JournalDigests(entries: [ExportedEntry(row: row, path: "x.jsonl")])
      .summarize(buckets: [period], options: AggregationOptions()).whole
    let byKey = Dictionary(
      uniqueKeysWithValues: NutrientIntake.intakes(of: summary, targets: Self.targets).map {
        ($0.label.key, $0)
      })
    #expect(byKey["iron_mg"]?.status == .aboveLimit)
    #expect(byKey["vitamin_c_mg"]?.status == .met)
    #expect(byKey["protein"]?.status == .below)
    #expect(byKey["fiber"]?.status == .unknown)
  }

  /// The foods that gave most of a nutrient, spellings of one food counted as one.
  @Test func contributorsGroupSpellingsAndRankByAmount() throws {
    let journal = Self.journal(seed: 9, days: 14)
    var contributors = NutrientContributors(keys: ["iron_mg"])
    for entry in journal.entries { contributors.add(entry.row) }
    var expected: [String: Int] = [:]
    for entry in journal.entries {
      guard let iron = entry.row.micronutrients.first(where: { $0.name == "iron_mg" }), iron.amount > .zero
      else { continue }
      expected[entry.row.foodName.lowercased(), default: 0] += Int(iron.amount.billionths / 1_000_000)
    }
    let top = contributors.top("iron_mg", limit: 5)
    #expect(top.count == expected.count)
    #expect(Set(top.map { $0.food.lowercased() }) == Set(expected.keys))
    for (food, amount) in top {
      #expect(amount == FixedSum(billionths: Int128(expected[food.lowercased()]!) * 1_000_000))
    }
    #expect(top.map(\.amount) == top.map(\.amount).sorted(by: >))
  }
}
