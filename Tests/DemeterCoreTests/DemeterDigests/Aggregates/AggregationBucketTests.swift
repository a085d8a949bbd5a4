import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct AggregationBucketTests {
  typealias F = AggregationFixture
  let week = F.range("2026-11-16", "2026-11-22")

  @Test func totalsCountsAndDailyAverages() {
    let rows = [
      F.entry(
        "2026-11-16", id: "a", calories: "182", protein: "12.2", carbohydrates: "2", fat: "13.4", fiber: "1.5"
      ),
      F.entry(
        "2026-11-16", id: "b", calories: "95.5", protein: "0.5", carbohydrates: "25", fat: "0.3", sugar: "19"),
      F.entry(
        "2026-11-18", id: "c", calories: "600", protein: "30", carbohydrates: "70", fat: "20", fiber: "4"),
      F.entry("2026-11-23", id: "next-week", calories: "999"),
    ]
    let summary = F.summary(rows, week)
    #expect(summary.range == week)
    #expect(summary.entries == 3)
    #expect(summary.daysLogged == 2)
    #expect(summary.daysInBucket == 7)
    #expect(
      summary.totals
        == NutrientTotals {
          [
            .calories: F.sum("877.5"), .protein: F.sum("42.7"), .carbohydrates: F.sum("97"),
            .fat: F.sum("33.7"),
            .fiber: F.sum("5.5"), .sugar: F.sum("19"),
          ][$0] ?? FixedSum()
        })
    let averages = summary.dailyAverages
    #expect(averages?[.calories] == 438.75)
    #expect(averages?[.protein] == 21.35)
    #expect(averages?[.carbohydrates] == 48.5)
    #expect(averages?[.fat] == 16.85)
    #expect(averages?[.fiber] == 2.75)
    #expect(averages?[.sugar] == 9.5)
  }

  @Test func highestAndLowestDaysPreferTheEarliestOfEqualDays() {
    let rows = [
      F.entry("2026-11-19", id: "d", calories: "700", carbohydrates: "175"),
      F.entry("2026-11-16", id: "a", calories: "500", carbohydrates: "125"),
      F.entry("2026-11-20", id: "e", calories: "500", carbohydrates: "125"),
      F.entry("2026-11-17", id: "b", calories: "300", carbohydrates: "75"),
      F.entry("2026-11-17", id: "c", calories: "400", carbohydrates: "100"),
    ]
    let summary = F.summary(rows, week)
    #expect(summary.highestDay == DayCalories(date: F.date("2026-11-17"), calories: F.sum("700")))
    #expect(summary.lowestDay == DayCalories(date: F.date("2026-11-16"), calories: F.sum("500")))
  }

  @Test func macroSplitUsesFourFourNine() {
    let rows = [
      F.entry("2026-11-16", id: "a", calories: "210", protein: "10", carbohydrates: "20", fat: "10")
    ]
    let split = F.summary(rows, week).macroSplit
    #expect(split.energy == F.sum("210"))
    #expect(split.protein == 40.0 / 210.0)
    #expect(split.carbohydrates == 80.0 / 210.0)
    #expect(split.fat == 90.0 / 210.0)
  }

  @Test func macroSplitIsZeroWithoutMacros() {
    let rows = [F.entry("2026-11-16", id: "tea", calories: "2", carbohydrates: "0")]
    let split = F.summary(rows, week).macroSplit
    #expect(split == MacroSplit(protein: FixedSum(), carbohydrates: FixedSum(), fat: FixedSum()))
    #expect(split.protein == 0 && split.carbohydrates == 0 && split.fat == 0 && split.energy == FixedSum())
  }

  @Test func micronutrientsAreTotalledAndSortedByName() {
    let rows = [
      F.entry("2026-11-16", id: "a", micronutrients: [("zinc_mg", "1.5"), ("sodium_mg", "310")]),
      F.entry("2026-11-17", id: "b", micronutrients: [("sodium_mg", "90"), ("Vitamin_C_mg", "12")]),
      F.entry("2026-11-30", id: "later", micronutrients: [("iron_mg", "3")]),
    ]
    #expect(
      F.summary(rows, week).micronutrients == [
        MicronutrientTotal(name: "Vitamin_C_mg", amount: F.sum("12"), entries: 1),
        MicronutrientTotal(name: "sodium_mg", amount: F.sum("400"), entries: 2),
        MicronutrientTotal(name: "zinc_mg", amount: F.sum("1.5"), entries: 1),
      ])
  }

  @Test func emptyBucketsArePresentWithZeros() {
    let rows = [
      F.entry("2026-11-02", id: "a", calories: "1000", carbohydrates: "250"),
      F.entry("2026-11-16", id: "b", calories: "1500", carbohydrates: "375"),
    ]
    let buckets = [
      F.range("2026-11-02", "2026-11-08"), F.range("2026-11-09", "2026-11-15"),
      F.range("2026-11-16", "2026-11-22"),
    ]
    let aggregate = F.aggregate(rows, buckets: buckets)
    #expect(aggregate.buckets.map(\.range) == buckets)
    #expect(aggregate.buckets.map(\.entries) == [1, 0, 1])
    let empty = aggregate.buckets[1]
    #expect(empty.daysLogged == 0 && empty.daysInBucket == 7)
    #expect(empty.totals == NutrientTotals())
    #expect(empty.dailyAverages == nil && empty.highestDay == nil && empty.lowestDay == nil)
    #expect(empty.needsReview.isEmpty && empty.meals.isEmpty && empty.micronutrients.isEmpty)
    #expect(empty.topFoods == TopFoods())
    #expect(empty.change == nil)
    #expect(aggregate.buckets[2].change == nil)
    #expect(aggregate.whole.entries == 2 && aggregate.whole.daysInBucket == 21)
  }

  @Test func aTableWithoutEntriesGivesEmptySummaries() {
    let aggregate = EntryTable().summarize(buckets: [week], previous: F.range("2026-11-09", "2026-11-15"))
    #expect(aggregate.buckets[0].entries == 0)
    #expect(aggregate.whole.range == week)
    #expect(aggregate.movingAverage.count == 7)
    #expect(aggregate.movingAverage.allSatisfy { $0.calories == nil && $0.daysLogged == 0 })
  }
}
