import TestSupport
import Testing

/// `demeter-bench` (manual: performance) on the built-in sample journal: it runs and prints its tables. Nothing
/// here is timed; the numbers mean something only in release builds on the corpora.
@Suite(.tags(.slow), .slowSuite) struct BenchmarkTests {
  static let stageHeader = [
    "stage", "median", "min", "CPU", "MB/s", "MB/s per core", "entries/s", "peak RSS", "RSS − baseline",
    "per entry",
  ]
  static let stages = [
    "find files (sample: make them)", "load (read + parse + day digests)", "aggregate (weeks → report model)",
    "render CSV", "render HTML", "whole run (find → HTML)",
  ]

  @Test func sampleJournalRunPrintsEveryTable() throws {
    let run = try ToolRun.run(["--repeat", "1"], executable: "demeter-bench")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "")
    let rows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("|") }.map(Self.cells)
    #expect(rows.contains(Self.stageHeader))
    for stage in Self.stages {
      #expect(
        rows.contains { $0.first == stage && $0.count == Self.stageHeader.count }, "no row for \(stage)")
    }
    #expect(rows.contains { $0.first == "contract (manual: journal)" })
    #expect(rows.contains { $0.first == "entry creation (FoodEntry.init, which validates)" })
    #expect(rows.contains { $0.first == "all (28)" })
    #expect(rows.contains { $0.first == "threads" })
    // The sample's four Monday-to-Sunday weeks were really loaded and aggregated.
    #expect(run.stdout.contains("\ncheck: 4 weeks, "))
  }

  @Test func usageErrors() throws {
    let unknown = try ToolRun.run(["--fast"], executable: "demeter-bench")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("demeter-bench: error: unknown option --fast\n"))
    let badCount = try ToolRun.run(["--repeat", "0"], executable: "demeter-bench")
    #expect(badCount.status == 2)
    let help = try ToolRun.run(["--help"], executable: "demeter-bench")
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("usage: demeter-bench [CORPUS]"))
  }

  @Test func missingCorpusFails() throws {
    let run = try ToolRun.run(["no-such-journal", "--repeat", "1"], executable: "demeter-bench")
    #expect(run.status == 1)
    #expect(run.stderr == "demeter-bench: error: no such folder: no-such-journal\n")
  }

  /// The cells of one `| a | b |` table line, trimmed.
  static func cells(_ line: Substring) -> [String] {
    line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
      .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
  }
}
