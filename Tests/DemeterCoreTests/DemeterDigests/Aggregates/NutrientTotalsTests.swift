import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `NutrientTotals` and `DailyNutrients` are made, read and written nutrient by nutrient from the
/// declaration (`Nutrient.all`), not field by field.
@Suite struct NutrientTotalsTests {
  /// A distinct total for each nutrient: ordinal + 1, in kcal or grams.
  static func distinct(_ nutrient: Nutrient) -> FixedSum {
    AggregationFixture.sum("\(nutrient.ordinal + 1).5")
  }

  @Test func madeAndReadByEachDeclaredNutrient() {
    let totals = NutrientTotals(Self.distinct)
    for nutrient in Nutrient.all { #expect(totals[nutrient] == Self.distinct(nutrient), "\(nutrient)") }
    #expect(totals.calories == Self.distinct(.calories) && totals.sugar == Self.distinct(.sugar))
  }

  @Test func writtenByEachDeclaredNutrient() {
    for nutrient in Nutrient.all {
      var totals = NutrientTotals()
      totals[nutrient] = Self.distinct(nutrient)
      for other in Nutrient.all {
        let expected = other == nutrient ? Self.distinct(nutrient) : FixedSum()
        #expect(totals[other] == expected, "\(nutrient) \(other)")
      }
    }
  }

  @Test func dailyAmountsOfEachDeclaredNutrient() throws {
    let daily = try #require(NutrientTotals(Self.distinct).perDay(over: 2))
    for nutrient in Nutrient.all {
      #expect(daily[nutrient] == Double(nutrient.ordinal + 1) * 0.5 + 0.25, "\(nutrient)")
    }
    #expect(NutrientTotals(Self.distinct).perDay(over: 0) == nil)
  }

  /// A day's totals read by nutrient agree with what was put in, and goals read the same totals.
  @Test func dayTotalsByNutrient() {
    var day = DayTotal()
    day.nutrients = Nutrient.all.map(Self.distinct)
    #expect(day.calories == Self.distinct(.calories) && day.fat == Self.distinct(.fat))
    #expect(NutrientTotals(day) == NutrientTotals(Self.distinct))
    for goal in GoalNutrient.allCases { #expect(day[goal] == Self.distinct(goal.nutrient), "\(goal)") }
  }
}
