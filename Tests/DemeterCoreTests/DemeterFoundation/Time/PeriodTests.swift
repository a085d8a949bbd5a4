import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension TimeTests {
  @Suite struct PeriodBasics {
    @Test func daysCountAndContainment() {
      let period = Period.from("2024-02-27", "2024-03-02")
      #expect(period.dayCount == 5)
      #expect(
        period.days().map(\.description) == [
          "2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02",
        ])
      #expect(period.contains(.on("2024-02-27")) && period.contains(.on("2024-03-02")))
      #expect(!period.contains(.on("2024-02-26")) && !period.contains(.on("2024-03-03")))
      #expect(period.description == "2024-02-27..2024-03-02")
      #expect(Period(day: .on("2026-11-21")).description == "2026-11-21")
      #expect(Period(day: .on("2026-11-21")).dayCount == 1)
    }

    @Test func calendarPeriods() {
      let date = CivilDate.on("2024-02-14")
      #expect(Period.month(containing: date) == .from("2024-02-01", "2024-02-29"))
      #expect(Period.year(containing: date) == .from("2024-01-01", "2024-12-31"))
      #expect(Period.week(containing: date, .monday) == .from("2024-02-12", "2024-02-18"))
      #expect(Period.week(containing: date, .sunday) == .from("2024-02-11", "2024-02-17"))
      #expect(Period.week(containing: date, .saturday) == .from("2024-02-10", "2024-02-16"))
    }
  }

  @Suite struct PeriodBuckets {
    @Test(arguments: [
      (BucketSize.week(.monday), ["2026-11-09..2026-11-15", "2026-11-16..2026-11-22"]),
      (.week(.sunday), ["2026-11-08..2026-11-14", "2026-11-15..2026-11-21"]),
      (.week(.saturday), ["2026-11-07..2026-11-13", "2026-11-14..2026-11-20", "2026-11-21..2026-11-27"]),
      (.month, ["2026-11-01..2026-11-30"]),
      (.year, ["2026-01-01..2026-12-31"]),
    ])
    func bucketsAreWholeAndIntersectThePeriod(size: BucketSize, expected: [String]) {
      let period = Period.from("2026-11-10", "2026-11-21")
      #expect(period.buckets(size).map(\.description) == expected)
    }

    @Test func dayBucketsAreTheDays() {
      let period = Period.from("2026-12-30", "2027-01-02")
      #expect(period.buckets(.day).map(\.first) == Array(period.days()))
    }

    @Test func monthAndYearBucketsAcrossBoundaries() {
      let period = Period.from("2023-12-31", "2024-03-01")
      #expect(
        period.buckets(.month).map(\.description) == [
          "2023-12-01..2023-12-31", "2024-01-01..2024-01-31", "2024-02-01..2024-02-29",
          "2024-03-01..2024-03-31",
        ])
      #expect(
        period.buckets(.year).map(\.description) == ["2023-01-01..2023-12-31", "2024-01-01..2024-12-31"])
    }

    @Test(arguments: [BucketSize.day, .week(.monday), .week(.sunday), .week(.saturday), .month, .year])
    func bucketsTileWithoutGapsOrOverlaps(size: BucketSize) {
      let period = Period.from("2015-12-20", "2021-01-10")
      let buckets = period.buckets(size)
      #expect(buckets.first!.contains(period.first) && buckets.last!.contains(period.last))
      for (previous, next) in zip(buckets, buckets.dropFirst()) {
        #expect(previous.last.adding(days: 1) == next.first)
      }
      for bucket in buckets {
        #expect(Period.bucketStart(of: bucket.last, size) == bucket.first)
        #expect(Period.bucket(containing: bucket.first, size) == bucket)
      }
    }

    @Test(arguments: [
      (BucketSize.day, "2026-11-21", "2026-11-21"), (.week(.monday), "2026-11-16", "2026-W47"),
      (.week(.sunday), "2026-11-15", "week of 2026-11-15"),
      (.week(.saturday), "2026-11-21", "week of 2026-11-21"),
      (.month, "2026-11-01", "2026-11"), (.year, "2026-01-01", "2026"),
    ])
    func bucketStartAndLabel(size: BucketSize, start: String, label: String) {
      let date = CivilDate.on("2026-11-21")
      #expect(Period.bucketStart(of: date, size) == .on(start))
      #expect(Period.bucketLabel(of: date, size) == label)
    }

    @Test func isoWeekLabelOfALateDecemberBucket() {
      #expect(Period.bucketLabel(of: .on("2015-12-31"), .week(.monday)) == "2015-W53")
      #expect(Period.bucketLabel(of: .on("2021-01-03"), .week(.monday)) == "2020-W53")
      #expect(Period.bucketLabel(of: .on("2021-01-03"), .week(.sunday)) == "week of 2021-01-03")
    }
  }
}

extension TimeTests {
  /// A run of more than `Period.maximumEmptyRun` empty buckets is one gap bucket (issue 13 §2: one
  /// typo year 9999 made a report of 417 000 weeks).
  @Suite struct PeriodGaps {
    static let sizes: [BucketSize] = [.day, .week(.monday), .week(.sunday), .month, .year]

    /// Day numbers of `dates`.
    static func logged(_ dates: String...) -> [Int] { dates.map { CivilDate.on($0).dayNumber } }

    @Test(arguments: sizes)
    func shortRunsAreListedBucketByBucket(size: BucketSize) {
      let period = Period.from("2020-01-01", "2026-11-21")
      for logged in [Self.logged("2023-05-05"), Self.logged("2020-01-01", "2026-11-21"), []]
      where period.buckets(size).count <= Period.maximumEmptyRun {
        #expect(period.buckets(size, logged: logged) == period.buckets(size))
      }
      // Every 1 000th bucket logged: no run is longer than the bound.
      let long = Period.from("1900-01-01", "2099-12-31")
      let every = long.buckets(size).enumerated().filter { $0.offset % Period.maximumEmptyRun == 0 }.map {
        $0.element.first.dayNumber
      }
      #expect(long.buckets(size, logged: every) == long.buckets(size))
    }

    @Test func aCenturyOfEmptyWeeksIsOneGap() {
      let period = Period.from("2026-10-01", "9999-10-30")
      let logged = Self.logged("2026-10-01", "2026-10-20", "9999-10-30")
      let buckets = period.buckets(.week(.monday), logged: logged)
      #expect(
        buckets.map(\.description) == [
          "2026-09-28..2026-10-04", "2026-10-05..2026-10-11", "2026-10-12..2026-10-18",
          "2026-10-19..2026-10-25", "2026-10-26..9999-10-24", "9999-10-25..9999-10-31",
        ])
      #expect(buckets.map { Period.bucketLabel(of: $0, .week(.monday)) }.last == "9999-W43")
      #expect(Period.bucketLabel(of: buckets[4], .week(.monday)) == "2026-W44..9999-W42")
      // The gap and the buckets around it cover the period's whole buckets, in order, without overlap.
      #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.last.adding(days: 1) == $1.first })
    }

    @Test(arguments: sizes)
    func nothingLoggedIsOneGap(size: BucketSize) {
      let period = Period.from("0001-01-01", "9999-12-31")
      let buckets = period.buckets(size, logged: [Int]())
      #expect(
        buckets == [
          Period(
            first: Period.bucketStart(of: period.first, size),
            last: Period.bucket(containing: period.last, size).last)
        ])
    }
  }
}
