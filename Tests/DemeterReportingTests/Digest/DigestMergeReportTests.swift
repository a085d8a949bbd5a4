import CSVReport
import JSONReport
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal
@testable import DemeterReporting

/// Digests of a journal's files merged in random groupings and orders give byte-identical reports
/// (and equal ingredient use) to digesting every file at once.
@Suite struct DigestMergeReportTests {
  static let last = JournalFixtures.date("2026-11-22")
  static let options = [
    AggregationOptions(reviewLimit: 3),
    AggregationOptions(lowConfidence: JournalFixtures.decimal("0.8"), topFoodCount: 2, reviewLimit: 0),
  ]

  /// The JSON and CSV bytes of a week and a month report over the sample journal's last five weeks.
  static func reports(_ digests: JournalDigests, options: AggregationOptions) -> [[UInt8]] {
    let context = JournalFixtures.context(options: options)
    let asked = Period(first: last.adding(days: -34), last: last)
    return [(ReportKind.week, BucketSize.week(.monday)), (.month, .month), (.range, .day)].flatMap { kind, size in
      let report = ReportBuilder.bucketReport(kind, asked: asked, bucketSize: size, digests: digests, context: context)
      return [
        JSONGenerator().render(report, options: RenderOptions()),
        (try? CSVGenerator().render(report, options: RenderOptions(decimals: 4))) ?? [],
      ]
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func mergesInAnyGroupingAndOrderGiveTheSameReportBytes(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let files = SampleJournal.dayFiles(endingOn: Self.last)
    for options in Self.options {
      let rules = DigestRules(options)
      let whole = DigestLoader.load(files: files, rules: rules)
      var groups: [[DayFile]] = []
      for file in files.shuffled(using: &random) {
        if groups.isEmpty || Int.random(in: 0..<4, using: &random) == 0 {
          groups.append([file])
        } else {
          groups[Int.random(in: 0..<groups.count, using: &random)].append(file)
        }
      }
      var parts = groups.map { DigestLoader.load(files: $0, rules: rules) }
      while parts.count > 1 {
        var merged = parts.remove(at: Int.random(in: 0..<parts.count, using: &random))
        merged.merge(parts.remove(at: Int.random(in: 0..<parts.count, using: &random)))
        parts.append(merged)
      }
      let merged = parts[0]
      #expect(merged.files == whole.files)
      #expect(merged.entryCount == whole.entryCount)
      let week = Period(first: Self.last.adding(days: -13), last: Self.last.adding(days: -7))
      #expect(merged.ingredientUsage(in: week) == whole.ingredientUsage(in: week))
      #expect(Self.reports(merged, options: options) == Self.reports(whole, options: options))
    }
  }
}
