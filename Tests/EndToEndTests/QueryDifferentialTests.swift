import Foundation
import TestSupport
import Testing

/// `entries --query` against an independent evaluator (Tests/Tools/query_check.py: exact decimals,
/// Python's `re` on folded text) of 1 000 random queries built from every term and operator, over a
/// generated journal with travel offsets, Unicode names, tags, notes and micronutrients; and for
/// `reportCount` of them the `day all` or `week all` report of the query (half through the query's
/// cache, half without), whose rows' entries, calories, protein, carbohydrates, fat and
/// low-confidence entries add up to the evaluator's sums over the matched entries.
@Suite(.tags(.slow), .slowSuite) struct QueryDifferentialTests {
  @Test func everyRandomQueryListsTheEntriesTheReferenceMatches() throws {
    let parent = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let journal = parent.appendingPathComponent("journal")
    let arguments = [
      "--out", journal.path, "--days", "40", "--per-day", "12", "--start", "2025-10-20", "--seed", "45",
      "--layout", "flat", "--jobs", "1",
    ]
    guard let generated = try ToolRun.python("gen_journal.py", arguments) else {
      Issue.record("python3 is not on PATH; the differential test against query_check.py cannot run")
      return
    }
    try #require(generated.status == 0, "gen_journal.py failed: \(generated.stderr)")
    // Every entry the tool counts, as its line: what the reference evaluates the queries over.
    let all = try ToolRun.run(["entries", "all", "--journal", journal.path, "-f", "jsonl"])
    try #require(all.status == 0, "\(all.stderr)")
    let entries = parent.appendingPathComponent("entries.jsonl")
    try Data(all.stdout.utf8).write(to: entries)
    let reference = try #require(
      try ToolRun.python("query_check.py", [entries.path, "--count", "1000", "--seed", "45"]))
    try #require(reference.status == 0, "query_check.py failed: \(reference.stderr)")

    struct Expected: Decodable {
      var query: String
      var ids: [String]
      var totals: [String: Total]
    }
    let expected = try reference.stdout.split(separator: "\n").map {
      try JSONDecoder().decode(Expected.self, from: Data($0.utf8))
    }
    #expect(expected.count == 1000)
    var mismatches: [String] = []
    var matchingSome = 0
    for (query, ids) in expected.map({ ($0.query, $0.ids) }) {
      let run = try ToolRun.run(["entries", "all", "--journal", journal.path, "-f", "csv", "--query=\(query)"])
      let rows = try CSVReader.rows(run.stdout)
      let listed = (CSVReader.column("id", of: rows) ?? []).sorted()
      if run.status != 0 || listed != ids {
        mismatches.append("\(query): \(listed.count) listed, \(ids.count) expected \(run.stderr)")
      }
      if !ids.isEmpty { matchingSome += 1 }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    // The queries are not trivially empty.
    #expect(matchingSome > 700)

    var reportMismatches: [String] = []
    for (position, item) in expected.prefix(Self.reportCount).enumerated() {
      let kind = position % 2 == 0 ? "day" : "week"
      let cache = position % 4 < 2 ? [] : ["--no-cache"]
      let run = try ToolRun.run(
        [kind, "all", "--journal", journal.path, "-f", "csv", "--query=\(item.query)"] + cache,
        environment: ["DEMETER_NO_CACHE": ""])
      let rows = try CSVReader.rows(run.stdout)
      var sums: [String: Total] = [:]
      for (column, key) in Self.reportColumns {
        let values = CSVReader.column(column, of: rows) ?? []
        sums[key] = Total(values.reduce(Decimal(0)) { $0 + (Decimal(string: $1) ?? .nan) })
      }
      if run.status != 0 || sums != item.totals {
        reportMismatches.append("\(kind) \(item.query): \(sums) for \(item.totals) \(run.stderr)")
      }
    }
    #expect(
      reportMismatches.isEmpty, "\(reportMismatches.count) report mismatches, first: \(reportMismatches.prefix(3))")
  }

  /// How many of the random queries are also asked of a period report.
  static let reportCount = 300

  /// The report's CSV columns added up, with the evaluator's names for their sums.
  static let reportColumns = [
    ("entries", "entries"), ("calories", "calories"), ("protein", "protein"),
    ("carbohydrates", "carbohydrates"), ("fat", "fat"), ("low_confidence_entries", "lowConfidence"),
  ]

  /// An exact sum: the evaluator writes counts as numbers and amounts as decimal text.
  struct Total: Decodable, Equatable, CustomStringConvertible {
    var value: Decimal

    init(_ value: Decimal) {
      self.value = value
    }

    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let count = try? container.decode(Int.self) {
        value = Decimal(count)
      } else {
        value = Decimal(string: try container.decode(String.self)) ?? .nan
      }
    }

    var description: String { "\(value)" }
  }
}
