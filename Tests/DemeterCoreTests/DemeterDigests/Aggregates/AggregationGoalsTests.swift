import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct AggregationGoalsTests {
  typealias F = AggregationFixture
  let week = F.range("2026-11-16", "2026-11-22")

  @Test func daysWithinTenPercentAreCountedInclusively() {
    let rows = [
      F.entry("2026-11-16", id: "a", calories: "2200", carbohydrates: "550"),
      F.entry("2026-11-17", id: "b", calories: "2200.000000001", carbohydrates: "550"),
      F.entry("2026-11-18", id: "c", calories: "1800", carbohydrates: "450"),
      F.entry("2026-11-19", id: "d", calories: "1799.999999999", carbohydrates: "450"),
      F.entry("2026-11-21", id: "e", calories: "2000", carbohydrates: "500"),
    ]
    let options = AggregationOptions(goals: Goals(calories: F.decimal("2000")))
    let goals = F.summary(rows, week, options: options).goals
    #expect(goals.count == 1)
    let calories = goals[0]
    #expect(calories.nutrient == .calories && calories.goal == F.decimal("2000"))
    #expect(
      calories.days.map(\.date)
        == ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-21"].map(F.date))
    #expect(calories.days.map(\.status) == [.within, .over, .within, .under, .within])
    #expect(
      calories.days.map(\.difference) == ["200", "200.000000001", "-200", "-200.000000001", "0"].map(F.sum))
    #expect(calories.days[0].amount == F.sum("2200"))
    #expect(calories.daysWithin == 3 && calories.daysOver == 1 && calories.daysUnder == 1)
  }

  @Test func onlyConfiguredGoalsAppearInNutrientOrder() {
    let rows = [
      F.entry("2026-11-16", id: "a", calories: "500", protein: "30", carbohydrates: "50", fat: "20")
    ]
    let options = AggregationOptions(goals: Goals(protein: F.decimal("120"), fat: F.decimal("20")))
    let goals = F.summary(rows, week, options: options).goals
    #expect(goals.map(\.nutrient) == [.protein, .fat])
    #expect(goals.map { $0.days[0].status } == [.under, .within])
    #expect(goals[0].days[0].difference == F.sum("-90"))
  }

  @Test func toleranceIsConfigurable() {
    let rows = [F.entry("2026-11-16", id: "a", calories: "2100", carbohydrates: "525")]
    let options = AggregationOptions(
      goals: Goals(calories: F.decimal("2000")), goalTolerance: F.decimal("0.05"))
    #expect(F.summary(rows, week, options: options).goals[0].days[0].status == .within)
    let tight = AggregationOptions(
      goals: Goals(calories: F.decimal("2000")), goalTolerance: F.decimal("0.049"))
    #expect(F.summary(rows, week, options: tight).goals[0].days[0].status == .over)
  }

  @Test func noGoalsNoProgressAndNoLoggedDaysNoDays() {
    let rows = [F.entry("2026-11-16", id: "a")]
    #expect(F.summary(rows, week).goals.isEmpty)
    let options = AggregationOptions(goals: Goals(calories: F.decimal("2000")))
    let empty = F.summary([], week, options: options).goals
    #expect(empty.count == 1 && empty[0].days.isEmpty && empty[0].daysWithin == 0)
  }
}
