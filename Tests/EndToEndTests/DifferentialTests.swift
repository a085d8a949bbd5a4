import Foundation
import TestSupport
import Testing

/// The week and day reports against an independent reference (Tests/Tools/python_week.py, the query of
/// shared/bench/QUERY.md) on a generated journal with travel offsets, DST nights and late-night entries.
@Suite(.tags(.slow), .slowSuite) struct DifferentialTests {
  @Test(arguments: ["week", "day"])
  func matchesPythonReference(kind: String) throws {
    let parent = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let journal = parent.appendingPathComponent("journal")
    // `--jobs 1`: the same bytes as any --jobs, and no multiprocessing pool (which can hang when
    // started from the test runner).
    let arguments = [
      "--out", journal.path, "--days", "120", "--per-day", "10", "--start", "2025-10-01", "--seed", "5",
      "--layout", "year", "--jobs", "1",
    ]
    guard let generated = try ToolRun.python("gen_journal.py", arguments) else {
      Issue.record("python3 is not on PATH; the differential test against python_week.py cannot run")
      return
    }
    try #require(generated.status == 0, "gen_journal.py failed: \(generated.stderr)")

    let actual = try ToolRun.run(
      [
        kind, "all", "--journal", journal.path, "--low-confidence", "0.6", "--decimals", "4", "--format",
        "csv",
      ])
    #expect(actual.status == 0)
    #expect(actual.stderr == "")
    let reference = try #require(try ToolRun.python("python_week.py", [journal.path, kind]))
    try #require(reference.status == 0, "python_week.py failed: \(reference.stderr)")
    #expect(reference.stdout.split(separator: "\n").count > (kind == "week" ? 15 : 100))

    let expectedFile = parent.appendingPathComponent("expected.csv")
    let actualFile = parent.appendingPathComponent("actual.csv")
    try Data(reference.stdout.utf8).write(to: expectedFile)
    try Data(actual.stdout.utf8).write(to: actualFile)
    let comparison = try #require(try ToolRun.python("compare_csv.py", [expectedFile.path, actualFile.path]))
    #expect(comparison.status == 0, "compare_csv.py: \(comparison.stdout)\(comparison.stderr)")
    #expect(comparison.stdout.contains("EQUAL"))
  }
}
