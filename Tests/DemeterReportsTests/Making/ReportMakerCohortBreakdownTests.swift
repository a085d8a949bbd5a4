import DemeterCore
import DemeterReporting
import DemeterReports
import Foundation
import Testing

/// A cohort report split by `--by` (`ReportMaker.makeCohort`): each bucket's rows are the sum of the
/// people's own, with shares of the cohort's bucket; `--top` keeps the cohort's largest values.
@Suite struct ReportMakerCohortBreakdownTests {
  @Test(arguments: BreakdownDimension.allCases)
  func theCohortsRowsAreTheSumOfEachJournalsOwn(_ dimension: BreakdownDimension) throws {
    let folder = try BreakdownFixtures.cohortFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let journals = try BreakdownFixtures.journals(folder)
    #expect(journals.names.count == 3)
    for query in [nil, "meal:dinner or tag:work"] {
      let cohort = try BreakdownFixtures.rows(
        try BreakdownFixtures.report(source: .journals(journals), by: dimension, query: query))
      var own: [BreakdownFixtures.Row] = []
      for path in journals.paths {
        own += try BreakdownFixtures.rows(
          try BreakdownFixtures.report(source: .journal(path), by: dimension, query: query))
      }
      #expect(!cohort.isEmpty)
      let sums = BreakdownFixtures.summed(own)
      #expect(cohort.count == sums.count, "\(dimension) \(query ?? "")")
      for row in cohort {
        #expect(sums[row.bucket + "|" + row.value] == row.figures, "\(dimension) \(row.bucket) \(row.value)")
      }
      guard dimension != .tag else { continue }
      for bucket in Set(cohort.map(\.bucket)) {
        let shares = cohort.filter { $0.bucket == bucket }.compactMap(\.share).reduce(0, +)
        #expect(abs(shares - 100) < 1e-9, "\(dimension) \(bucket): shares \(shares)")
      }
    }
  }

  @Test func topKeepsTheCohortsLargestValuesNotEachPersons() throws {
    let folder = try BreakdownFixtures.cohortFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let journals = try BreakdownFixtures.journals(folder)
    let all = try BreakdownFixtures.rows(try BreakdownFixtures.report(source: .journals(journals), by: .food))
    let top = try BreakdownFixtures.rows(
      try BreakdownFixtures.report(source: .journals(journals), by: .food, top: 2))
    for bucket in Set(all.map(\.bucket)) {
      let values = all.filter { $0.bucket == bucket && $0.value != "(none)" }
      let kept = top.filter { $0.bucket == bucket }
      guard values.count > 2 else {
        #expect(kept.map(\.value) == all.filter { $0.bucket == bucket }.map(\.value))
        continue
      }
      #expect(kept.prefix(2).map(\.value) == values.prefix(2).map(\.value), "\(bucket)")
      let other = try #require(kept.first { $0.value == "(other)" })
      let folded = values.dropFirst(2).reduce(Array(repeating: Decimal(0), count: 5)) {
        zip($0, $1.figures).map { $0 + $1 }
      }
      #expect(other.figures == folded, "\(bucket)")
    }
  }

  @Test(arguments: ["json", "text", "markdown", "html"])
  func everyFormatShowsThePeopleThenTheSplit(_ format: String) throws {
    let folder = try BreakdownFixtures.cohortFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let journals = try BreakdownFixtures.journals(folder)
    let split = try BreakdownFixtures.report(
      .week, "2026-W47", source: .journals(journals), by: .meal, format: format)
    let plain = try BreakdownFixtures.report(
      .week, "2026-W47", source: .journals(journals), by: nil, format: format)
    #expect(split.contains("breakfast") && split.contains("dinner"))
    #expect(split.contains("(cohort)"))
    #expect(!plain.contains("breakfast"))
    if format == "json" {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(split.utf8)) as? [String: Any])
      #expect(object["by"] as? String == "meal")
      #expect((object["buckets"] as? [Any])?.count == 1)
    }
  }
}
