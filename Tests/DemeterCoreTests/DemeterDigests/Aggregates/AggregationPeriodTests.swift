import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct AggregationPeriodTests {
  typealias F = AggregationFixture

  @Test func changeIsAgainstTheBucketBefore() {
    let rows = [
      F.entry("2026-11-09", id: "p", calories: "800", protein: "0", carbohydrates: "200"),
      F.entry("2026-11-16", id: "a", calories: "1000", protein: "10", carbohydrates: "240"),
      F.entry("2026-11-17", id: "b", calories: "1000", protein: "10", carbohydrates: "240"),
      F.entry("2026-11-23", id: "c", calories: "1500", protein: "40", carbohydrates: "335"),
    ]
    let buckets = [F.range("2026-11-16", "2026-11-22"), F.range("2026-11-23", "2026-11-29")]
    let plain = F.aggregate(rows, buckets: buckets)
    #expect(plain.buckets[0].change == nil)
    let change = plain.buckets[1].change
    #expect(change?.calories == 500)
    #expect(change?.protein == 30)
    #expect(change?.carbohydrates == 95)
    #expect(change?.fat == 0)
    let withPrevious = F.aggregate(rows, buckets: buckets, previous: F.range("2026-11-09", "2026-11-15"))
    #expect(withPrevious.buckets[0].change?.calories == 200)
    #expect(withPrevious.buckets[0].change?.protein == 10)
    #expect(withPrevious.buckets[1] == plain.buckets[1])
    #expect(withPrevious.whole.change == nil)
  }

  @Test func wholeSummaryCoversTheUnionOfTheBuckets() {
    let rows = [
      F.entry("2026-11-16", id: "mon", calories: "100"),
      F.entry("2026-11-18", id: "wed", calories: "300", carbohydrates: "75"),
      F.entry("2026-11-20", id: "fri", calories: "500", carbohydrates: "125"),
    ]
    let buckets = [
      F.range("2026-11-20", "2026-11-21"), F.range("2026-11-16", "2026-11-17"),
      F.range("2026-11-17", "2026-11-17"),
    ]
    let aggregate = F.aggregate(rows, buckets: buckets)
    #expect(aggregate.buckets.map(\.entries) == [1, 1, 0])
    #expect(aggregate.whole.range == F.range("2026-11-16", "2026-11-21"))
    #expect(aggregate.whole.daysInBucket == 4)
    #expect(aggregate.whole.entries == 2)
    #expect(aggregate.whole.totals.calories == F.sum("600"))
    #expect(aggregate.whole.dailyAverages?[.calories] == 300)
    #expect(
      aggregate.movingAverage.map(\.date)
        == ["2026-11-16", "2026-11-17", "2026-11-20", "2026-11-21"].map(F.date))
  }

  @Test func movingAverageIsOverLoggedDaysOfTheTrailingWindow() {
    let rows = [
      F.entry("2026-11-09", id: "before-window", calories: "9000", carbohydrates: "2250"),
      F.entry("2026-11-11", id: "before-period", calories: "700", carbohydrates: "175"),
      F.entry("2026-11-16", id: "a", calories: "1000", carbohydrates: "250"),
      F.entry("2026-11-16", id: "b", calories: "500", carbohydrates: "125"),
      F.entry("2026-11-18", id: "c", calories: "2000", carbohydrates: "500"),
    ]
    let aggregate = F.aggregate(rows, buckets: [F.range("2026-11-16", "2026-11-19")])
    #expect(
      aggregate.movingAverage == [
        MovingAveragePoint(date: F.date("2026-11-16"), calories: 1100, daysLogged: 2),
        MovingAveragePoint(date: F.date("2026-11-17"), calories: 1100, daysLogged: 2),
        MovingAveragePoint(date: F.date("2026-11-18"), calories: 1750, daysLogged: 2),
        MovingAveragePoint(date: F.date("2026-11-19"), calories: 1750, daysLogged: 2),
      ])
    let threeDays = F.aggregate(
      rows, buckets: [F.range("2026-11-20", "2026-11-21")], options: AggregationOptions(movingAverageDays: 3))
    #expect(threeDays.movingAverage.map(\.calories) == [2000, nil])
    #expect(threeDays.movingAverage.map(\.daysLogged) == [1, 0])
  }

  @Test func unionMergesTouchingAndOverlappingRanges() {
    #expect(Period.union(of: [5...7, 1...2, 3...3, 6...9, 12...12]) == [1...3, 5...9, 12...12])
  }

  @Test func dayRangeBasics() {
    let range = F.range("2026-11-16", "2026-11-22")
    #expect(range.dayCount == 7)
    #expect(range.contains(F.date("2026-11-22")) && !range.contains(F.date("2026-11-23")))
    #expect(range.description == "2026-11-16..2026-11-22")
    #expect(Period(day: F.date("2026-11-16")).description == "2026-11-16")
    #expect(Period(F.date("2026-11-16")...F.date("2026-11-22")) == range)
  }
}
