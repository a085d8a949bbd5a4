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
}
