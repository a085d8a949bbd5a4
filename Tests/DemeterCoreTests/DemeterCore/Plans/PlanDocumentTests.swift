import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Plan files (`<journal>/plans/NAME.json`): strict decoding with located errors, the canonical
/// form, plan names, and the planned-against-eaten arithmetic.
@Suite struct PlanDocumentTests {
  static let canonical = """
    {
      "period": "2026-W48",
      "days": {
        "2026-11-23": {
          "breakfast": [{"recipe":"oat-banana","servings":1.5}],
          "snack": [{"ingredient":"usda-sr-09040","portion":"1 medium"},{"food":"protein \
    bar","per100g":{"calories":360,"protein":30,"carbohydrates":40,"fat":9},"grams":60}]
        },
        "2026-11-25": {
          "dinner": [{"ingredient":"usda-sr-09003","grams":182}]
        }
      }
    }

    """

  static func document(_ text: String) -> PlanDocument {
    PlanDocument(bytes: Array(text.utf8), path: "plan.json")
  }

  static func date(_ text: String) -> CivilDate { try! CivilDate.parse(text).get() }

  @Test func canonicalTextRoundTripsByteForByte() throws {
    let plan = try #require(Self.document(Self.canonical).plan)
    #expect(PlanEncoder.text(plan) == Self.canonical)
    #expect(plan.name == "2026-W48")
    #expect(plan.items.count == 4)
  }

  @Test func anyLayoutAndOrderIsWrittenCanonically() throws {
    let scrambled =
      #"{"days":{"2026-11-25":{"dinner":[{"grams":182,"ingredient":"usda-sr-09003"}]},"#
      + #""2026-11-23":{"snack":[{"ingredient":"usda-sr-09040","portion":"1 medium"},{"food":"protein "#
      + #"bar","grams":60,"per100g":{"fat":9,"calories":360,"protein":30,"carbohydrates":40}}],"#
      + #""breakfast":[{"servings":1.50,"recipe":"oat-banana"}]}},"period":"2026-11-23..2026-11-29"}"#
    let plan = try #require(Self.document(scrambled).plan)
    #expect(PlanEncoder.text(plan) == Self.canonical)
  }

  @Test(arguments: [
    ("2026-11-23", "2026-11-23", "2026-11-23"), ("2026-11-23", "2026-11-29", "2026-W48"),
    ("2026-11-01", "2026-11-30", "2026-11"), ("2026-11-24", "2026-11-30", "2026-11-24..2026-11-30"),
    ("2026-11-23", "2026-11-30", "2026-11-23..2026-11-30"),
  ])
  func planNames(first: String, last: String, name: String) {
    let period = Period(first: Self.date(first), last: Self.date(last))
    #expect(MealPlan.name(of: period) == name)
    #expect(PlanStore.period(named: name) == period)
  }

  @Test func problemsAreLocatedAndNamed() {
    let text = """
      {
        "period": "this week",
        "days": {
          "2026-11-23": {"brekfast": [{"recipe":"oat-banana","servings":1}]},
          "2026-11-24": {"lunch": [{"recipe":"oat-banana"}]},
          "2026-11-25": {"dinner": [{"ingredient":"usda-sr-09003","grams":-1}]}
        }
      }
      """
    let messages = Self.document(text).diagnostics.map {
      "\($0.location.line):\($0.location.column) \($0.message)"
    }
    #expect(messages.count == 4)
    #expect(messages[0].hasPrefix("2:13 \"period\" must be a fixed period"))
    #expect(
      messages[1].hasPrefix(
        "4:20 unknown key \"brekfast\" in \"days.2026-11-23\"; did you mean \"breakfast\"?"))
    #expect(messages[2].hasPrefix("5:31 \"days.2026-11-24.lunch[0]\" needs \"servings\""))
    #expect(messages[3].contains("\"days.2026-11-25.dinner[0].grams\" must be a number > 0"))
  }

  @Test func aDayOutsideThePeriodIsAnError() {
    let document = Self.document(
      #"{"period":"2026-W48","days":{"2026-11-30":{"lunch":[{"recipe":"x","servings":1}]}}}"#)
    #expect(document.plan == nil)
    #expect(
      document.diagnostics.map(\.message) == [
        "the day 2026-11-30 is outside the plan's period 2026-11-23..2026-11-29"
      ])
  }

  @Test func anUnknownRecipeIsLocatedAtItsItem() {
    let document = Self.document(Self.canonical)
    #expect(throws: Diagnostic.self) {
      _ = try document.resolved(recipe: { _ in nil }, ingredient: { _ in nil })
    }
    do {
      _ = try document.resolved(recipe: { _ in nil }, ingredient: { _ in nil })
    } catch {
      #expect(error.location.line == 5)
      #expect(error.message.hasPrefix("\"days.2026-11-23.breakfast[0]\": no valid recipe \"oat-banana\""))
    }
  }

  /// A day is within ±10 % when |eaten − planned| ≤ planned ÷ 10, exactly: 1100 of 1000 planned
  /// kcal is within, 1100.000000001 is not; a planned meal without entries is missed.
  @Test(arguments: [("1100", true), ("1100.000000001", false), ("900", true), ("899.999999999", false)])
  func toleranceIsExact(eatenKcal: String, within: Bool) throws {
    let food = RecipeIngredient(
      food: .free(
        name: "plan food",
        per100g: FoodValues([
          .calories: FixedDecimal(1000)!, .protein: .zero, .carbohydrates: .zero, .fat: .zero,
        ])),
      amount: .grams(FixedDecimal(100)!))
    let day = Self.date("2026-11-23")
    let plan = MealPlan(
      period: Period(day: day),
      days: [
        PlanDay(
          date: day,
          meals: [
            PlanMeal(meal: .dinner, items: [.food(food)]), PlanMeal(meal: .lunch, items: [.food(food)]),
          ])
      ])
    let resolved = try PlanNutrition.resolve(plan, recipe: { _ in nil }, ingredient: { _ in nil })
    // The planned lunch is worth 1000 kcal too, so the day plans 2000; the eaten dinner carries both.
    let line = """
      {"id":"8b0d3c1e-6a53-4c49-9d1b-3f0e2a7c5d10","timestamp":"2026-11-23T19:00:00+00:00","rawDescription":"x","foodName":"x","quantity":1,"unit":"g","calories":\(eatenKcal),"protein":0,"carbohydrates":0,"fat":0,"confidence":1,"meal":"dinner"}
      {"id":"8b0d3c1e-6a53-4c49-9d1b-3f0e2a7c5d11","timestamp":"2026-11-23T19:00:00+00:00","rawDescription":"x","foodName":"x","quantity":1,"unit":"g","calories":\(eatenKcal),"protein":0,"carbohydrates":0,"fat":0,"confidence":1,"meal":"dinner"}
      {"id":"8b0d3c1e-6a53-4c49-9d1b-3f0e2a7c5d12","timestamp":"2026-11-23T21:00:00+00:00","rawDescription":"x","foodName":"x","quantity":1,"unit":"g","calories":0,"protein":0,"carbohydrates":0,"fat":0,"confidence":1}

      """
    let digests = DigestLoader.load(
      files: [DayFile(path: "j/2026-11-23.jsonl", date: day, contents: Array(line.utf8))])
    var eaten = PlanComparison.Eaten()
    digests.forEachDate(ofExportedEntriesIn: Period(day: day)) { eaten.add($0) }
    let comparison = try #require(
      PlanComparison.compare(planned: resolved.items, eaten: eaten, period: Period(day: day), today: day))
    #expect(comparison.days.map(\.withinTolerance) == [within])
    #expect(comparison.plannedMeals == 2)
    #expect(comparison.eatenPlannedMeals == 1)
    #expect(comparison.meals.map { $0.meal ?? "-" } == ["lunch", "dinner", "-"])
    #expect(comparison.extras.map { $0.meal ?? "-" } == ["-"])
  }
}
