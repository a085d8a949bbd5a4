import Foundation
import Testing

/// `entries` of a query (manual: queries) in every listing format: the list holds the matched
/// entries, its count says as many, and each format lists the same ones as CSV.
@Suite struct QueryListingTests {
  static let asked = ["entries", "all", "--sample", "--today", "2026-11-21", "meal:dinner", "kcal:>300"]

  @Test(arguments: ["text", "markdown", "json", "html"])
  func aListOfAQueryCountsAndListsTheMatchedEntries(_ format: String) throws {
    let csv = try ToolRun.run(Self.asked + ["-f", "csv"])
    let rows = csv.csvRows().count - 1
    #expect(rows > 0)
    let listed = try ToolRun.run(Self.asked + ["-f", format])
    #expect(listed.status == 0, "\(listed.stderr)")
    let count: String =
      switch format {
      case "text": "Entries  \(rows)\n"
      case "markdown": "| Entries | \(rows) |"
      case "json": "\"id\":\"entries\",\"label\":\"Entries\",\"value\":\(rows)"
      default: "<dt>Entries</dt><dd>\(rows)</dd>"
      }
    #expect(listed.stdout.contains(count), "\(format): \(rows) entries")
    if format == "html" { #expect(listed.stdout.components(separatedBy: "<tr class=\"item\">").count - 1 == rows) }
    let whole = try ToolRun.run(["entries", "all", "--sample", "--today", "2026-11-21", "-f", format])
    #expect(whole.stdout.count > listed.stdout.count)
  }

  /// The CSV export's micronutrient columns are those the matched entries state, read from the files
  /// or from the query's cache (which a detailed report of the query writes first); a query of raw
  /// descriptions, tags or notes reads them from the files too.
  @Test(arguments: ["kcal:>600", "meal:dinner", "desc:usual", "tag:homemade or note:a"])
  func aListOfAQueryIsTheSameColdAndWarm(_ query: String) throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    func run(_ arguments: [String]) throws -> ToolRun {
      try ToolRun.run(
        arguments + ["--journal", journal.path, "--today", "2026-11-21", "--query", query],
        environment: CacheTests.environment)
    }
    let cold = try run(["entries", "all", "-f", "csv", "--no-cache"])
    #expect(cold.status == 0)
    #expect(try run(["entries", "all", "-f", "csv"]).stdout == cold.stdout)
    #expect(try run(["week", "all", "-f", "json"]).status == 0)
    #expect(try run(["entries", "all", "-f", "csv"]).stdout == cold.stdout)
  }
}
