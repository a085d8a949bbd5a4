import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The one check that a day has one plan (`PlanStore.overlaps`), which `check`, `plan` and `plan
/// shopping` share.
@Suite struct PlanOverlapTests {
  static func date(_ text: String) -> CivilDate { try! CivilDate.parse(text).get() }

  static func plan(_ first: String, _ last: String, days: [String]) -> MealPlan {
    MealPlan(
      period: Period(first: date(first), last: date(last)),
      days: days.map { PlanDay(date: date($0), meals: []) })
  }

  @Test func plansOfDifferentDaysDoNotOverlap() {
    let week = Self.plan("2026-11-23", "2026-11-29", days: ["2026-11-23", "2026-11-25"])
    let next = Self.plan("2026-11-30", "2026-12-06", days: ["2026-11-30"])
    #expect(PlanStore.overlaps([week, next]).isEmpty)
  }

  @Test func eachRepeatedDayIsReportedAgainstTheFirstPlanThatPlansIt() {
    let week = Self.plan("2026-11-23", "2026-11-29", days: ["2026-11-23", "2026-11-25"])
    let day = Self.plan("2026-11-25", "2026-11-25", days: ["2026-11-25"])
    let month = Self.plan("2026-11-01", "2026-11-30", days: ["2026-11-23", "2026-11-25", "2026-11-26"])
    let overlaps = PlanStore.overlaps([week, day, month])
    #expect(
      overlaps == [
        PlanOverlap(date: Self.date("2026-11-25"), earlier: "2026-W48", later: "2026-11-25"),
        PlanOverlap(date: Self.date("2026-11-23"), earlier: "2026-W48", later: "2026-11"),
        PlanOverlap(date: Self.date("2026-11-25"), earlier: "2026-W48", later: "2026-11"),
      ])
    #expect(
      overlaps[0].message
        == "2026-11-25 is planned both by 2026-W48 and by 2026-11-25; remove it from one of them")
  }
}
