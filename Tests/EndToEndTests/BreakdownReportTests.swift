import Foundation
import TestSupport
import Testing

/// Reports split by `--by` (manual: queries) from the command line, on copies of the sample journal:
/// each bucket's rows sum exactly to the bucket of the unsplit report (every dimension but `tag`),
/// their shares to 100 %, with a query too; a second run from the cache is the bytes of the first and
/// of `--no-cache`; a misspelt dimension and a `--top` without a food-like `--by` are usage errors.
@Suite struct BreakdownReportTests {
  static func run(_ arguments: [String], journal: URL, cache: Bool = true) throws -> ToolRun {
    try ToolRun.run(
      arguments + ["--journal", journal.path, "--today", "2026-11-21"] + (cache ? [] : ["--no-cache"]),
      environment: CacheTests.environment)
  }

  static let dimensions = ["meal", "weekday", "hour", "food", "ingredient", "recipe"]

  /// The CSV rows of `report` split by `dimension` sum to the rows of the unsplit report, bucket by
  /// bucket: entries, calories, protein, carbohydrates and fat exactly (as decimals), the shares to
  /// 100 within 10⁻⁹ (each share is written as the shortest double of its exact ratio).
  @Test(arguments: dimensions, [[], ["meal:dinner"], ["weekend", "kcal:>200"]])
  func everyBucketsRowsSumToIt(_ dimension: String, _ query: [String]) throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    for kind in ["week", "day", "month"] {
      let whole = try Self.run([kind, "all", "-f", "csv"] + query, journal: journal, cache: false)
      let split = try Self.run([kind, "all", "-f", "csv", "--by", dimension] + query, journal: journal, cache: false)
      try #require(whole.status == 0 && split.status == 0, "\(split.stderr)")
      let bucketColumn = kind == "day" ? "date" : kind
      let buckets = try CSVReader.rows(whole.stdout)
      let rows = try CSVReader.rows(split.stdout)
      let header = try #require(rows.first)
      #expect(Array(header.prefix(5)) == [bucketColumn, "first", "last", "by", "value"])
      let bucketHeader = try #require(buckets.first)
      var checked = 0
      for bucket in buckets.dropFirst() {
        let label = bucket[0]
        let own = rows.dropFirst().filter { $0[0] == label }
        let entries = Int(bucket[bucketHeader.firstIndex(of: "entries")!])!
        guard entries > 0 else {
          #expect(own.isEmpty, "\(kind) \(label): no rows for a bucket without entries")
          continue
        }
        #expect(own.allSatisfy { $0[3] == dimension })
        for column in ["entries", "calories", "protein", "carbohydrates", "fat"] {
          let expected = try #require(Decimal(string: bucket[bucketHeader.firstIndex(of: column)!]))
          let sum = own.reduce(Decimal(0)) { $0 + Decimal(string: $1[header.firstIndex(of: column)!])! }
          #expect(sum == expected, "\(kind) \(label) \(column) by \(dimension) \(query)")
        }
        let shares = own.reduce(0.0) { $0 + Double($1[header.firstIndex(of: "share")!])! }
        #expect(abs(shares - 100) < 1e-9 || expectedCaloriesAreZero(bucket, bucketHeader), "\(kind) \(label) shares \(shares)")
        checked += 1
      }
      #expect(checked > 0)
    }
  }

  private func expectedCaloriesAreZero(_ bucket: [String], _ header: [String]) -> Bool {
    Decimal(string: bucket[header.firstIndex(of: "calories")!]) == 0
  }

  @Test(arguments: ["csv", "json", "text", "html"])
  func aSecondRunIsFromTheCacheAndTheBytesOfNoCache(_ format: String) throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    for arguments in [["--by", "food", "--top", "3"], ["--by", "meal", "weekend"], ["--by", "weekday"]] {
      let report = ["week", "all", "-f", format] + arguments
      let cold = try Self.run(report, journal: journal)
      let warm = try Self.run(report, journal: journal)
      let uncached = try Self.run(report, journal: journal, cache: false)
      #expect(cold.status == 0, "\(cold.stderr)")
      #expect(cold.stdout == uncached.stdout && warm.stdout == uncached.stdout, "\(arguments)")
      #expect(cold.stderr == uncached.stderr && warm.stderr == uncached.stderr)
    }
  }

  @Test func topKeepsTheValuesOfMostKcalAndFoldsTheRest() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = try CSVReader.rows(try Self.run(["month", "2026-11", "-f", "csv", "--by", "food"], journal: journal).stdout)
    let top = try CSVReader.rows(
      try Self.run(["month", "2026-11", "-f", "csv", "--by", "food", "--top", "3"], journal: journal).stdout)
    let value = try #require(all.first?.firstIndex(of: "value"))
    #expect(top.dropFirst().map { $0[value] } == all.dropFirst().prefix(3).map { $0[value] } + ["(other)"])
    #expect(top.count == 5)
  }

  @Test func mistakesAreUsageErrors() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let misspelt = try Self.run(["week", "all", "--by", "mael"], journal: journal)
    #expect(misspelt.status == 2)
    #expect(misspelt.stderr.contains("unknown --by dimension 'mael'"))
    #expect(misspelt.stderr.contains("did you mean 'meal'?"))
    for arguments in [["--by", "meal", "--top", "3"], ["--top", "3"], ["--by", "food", "--top", "0"]] {
      let run = try Self.run(["week", "all"] + arguments, journal: journal)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.contains("--top"), "\(arguments): \(run.stderr)")
    }
  }
}
