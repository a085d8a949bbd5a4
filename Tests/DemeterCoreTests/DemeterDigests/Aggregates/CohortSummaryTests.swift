import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct CohortSummaryTests {
  /// A member who logged `days` days adding up to `calories` kcal (macros: a tenth of it each).
  static func member(
    _ calories: Int, days: Int, entries: Int = 3, review: Int = 0, calorieGoal: Int? = nil
  ) -> CohortMember {
    let kcal = FixedSum(billionths: Int128(calories) * 1_000_000_000)
    let tenth = FixedSum(billionths: kcal.billionths / 10)
    return CohortMember(
      entries: days == 0 ? 0 : entries, daysLogged: days, needsReview: review,
      totals: [kcal, tenth, tenth, tenth],
      goals: Goals(calories: calorieGoal.flatMap { FixedDecimal($0) }))
  }

  static func value(_ average: DailyAverage?) -> Double? { average?.fraction.doubleValue }

  @Test func nearestRankPercentilesAreObservedValues() {
    let values = Array(1...10)
    #expect(CohortSummary.nearestRank(values, percent: 10) == 1)
    #expect(CohortSummary.nearestRank(values, percent: 90) == 9)
    #expect(CohortSummary.nearestRank(Array(1...11), percent: 10) == 2)
    #expect(CohortSummary.nearestRank(Array(1...11), percent: 90) == 10)
    #expect(CohortSummary.nearestRank([7], percent: 10) == 7)
    #expect(CohortSummary.nearestRank([7], percent: 90) == 7)
    #expect(CohortSummary.nearestRank([Int](), percent: 50) == nil)
  }

  @Test func distributionOfDailyAveragesCountsEachPersonOnce() {
    // Daily averages 1000, 1500, 2000 (over 2 days), 3000; one person did not log.
    let members = [
      Self.member(2000, days: 2), Self.member(0, days: 0), Self.member(3000, days: 1),
      Self.member(4000, days: 2, review: 2), Self.member(1500, days: 1, review: 1),
    ]
    let summary = CohortSummary(members)
    #expect(summary.people == 5)
    #expect(summary.peopleLogging == 4)
    #expect(summary.needsReview == 3)
    #expect(summary.daysLogged == 6)
    let calories = summary.distributions[GoalNutrient.calories.index]
    #expect(calories.averages.map(\.fraction.doubleValue) == [1000, 1500, 2000, 3000])
    #expect(calories.median == ExactFraction(1750))
    #expect(Self.value(calories.p10) == 1000)
    #expect(Self.value(calories.p90) == 3000)
    #expect(calories.meanTotal == FixedSum(billionths: 7500 * 1_000_000_000))
    let fat = summary.distributions[GoalNutrient.fat.index]
    #expect(fat.median == ExactFraction(175))
  }

  @Test func sameFiguresWhateverTheOrderOfPeople() {
    let members = (1...9).map { Self.member($0 * 337, days: $0 % 4 + 1, review: $0 % 2) }
    let forward = CohortSummary(members)
    #expect(CohortSummary(members.reversed()) == forward)
    #expect(CohortSummary(members.shuffled()) == forward)
  }

  @Test func meanAddsAveragesRoundedToBillionths() {
    // 1000/3 = 333.333333333(3) → 333.333333333; 2000/3 → 666.666666667; the mean is their sum / 2.
    let summary = CohortSummary([Self.member(1000, days: 3), Self.member(2000, days: 3)])
    let calories = summary.distributions[GoalNutrient.calories.index]
    #expect(calories.meanTotal == FixedSum(billionths: 333_333_333_333 + 666_666_666_667))
    #expect(calories.median == ExactFraction(500))
  }

  @Test func adherenceToEachPersonsOwnGoalWithinTenPercent() {
    let members = [
      Self.member(2200, days: 1, calorieGoal: 2000),  // +10 %: within, exactly at the edge
      Self.member(4402, days: 2, calorieGoal: 2000),  // 2201 a day: over
      Self.member(1799, days: 1, calorieGoal: 2000),  // under
      Self.member(1500, days: 1, calorieGoal: 1500),  // within
      Self.member(1500, days: 1),  // no goal: not counted
      Self.member(0, days: 0, calorieGoal: 1800),  // not logging: not counted
    ]
    let summary = CohortSummary(members)
    let adherence = try! #require(summary.adherence.first)
    #expect(summary.adherence.count == 1)
    #expect(adherence.nutrient == .calories)
    #expect(adherence.people == 4)
    #expect(adherence.within == 2)
    #expect(adherence.over == 1)
    #expect(adherence.under == 1)
    #expect(adherence.withinShare == ExactFraction(1, over: 2))
  }

  @Test func nobodyLoggingLeavesTheFiguresEmpty() {
    let summary = CohortSummary([Self.member(0, days: 0), Self.member(0, days: 0)])
    #expect(summary.peopleLogging == 0)
    let calories = summary.distributions[GoalNutrient.calories.index]
    #expect(calories.averages.isEmpty && calories.median == nil && calories.p10 == nil && calories.p90 == nil)
    #expect(summary.adherence.isEmpty)
  }

  @Test func dailyAveragesCompareExactly() {
    let third = DailyAverage(total: FixedSum(billionths: 1), days: 3)
    let almost = DailyAverage(total: FixedSum(billionths: 333_333_333), days: 1_000_000_000)
    #expect(almost < third)
    #expect(
      DailyAverage(total: FixedSum(billionths: 4), days: 2)
        == DailyAverage(total: FixedSum(billionths: 2), days: 1))
    #expect(DailyAverage(total: FixedSum(billionths: -5), days: 2).roundedTotal == FixedSum(billionths: -3))
  }
}
