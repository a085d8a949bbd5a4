/// The week query as whole processes beside DuckDB (`--processes`): `demeter-report` without the
/// cache and with a warm one, the HTML report written to a file, and DuckDB CLI's week query
/// (`Tests/Tools/duckdb_week.sh`), each run in turn `repetitions` times; medians of wall time and
/// each process's own peak memory.
enum ProcessBenchmark {
  /// A command measured, and its runs.
  struct Measured {
    var name: String
    var runs: [ChildProcess] = []

    var medianSeconds: Double { runs.map(\.seconds).sorted()[runs.count / 2] }
    var peakBytes: Int { runs.map(\.peakBytes).max() ?? 0 }
  }

  static func run(
    corpus: String, tool: String, duckdbScript: String, repetitions: Int
  ) throws(BenchError) -> TextTable {
    let query = [
      "week", "all", "--low-confidence", "0.6", "--decimals", "4", "-f", "csv", "--journal", corpus,
    ]
    let commands: [(String, [String])] = [
      ("demeter-report, no cache", [tool] + query + ["--no-cache"]),
      ("demeter-report, warm cache", [tool] + query),
      (
        "demeter-report week all --format html -o FILE, warm",
        [
          tool, "week", "all", "--format", "html", "-o", "/tmp/demeter-bench-week.html", "--journal", corpus,
        ]
      ),
      ("DuckDB CLI (duckdb_week.sh)", ["bash", duckdbScript, corpus]),
    ]
    for (_, arguments) in commands { _ = try ChildProcess.run(arguments) }
    var measured = commands.map { Measured(name: $0.0) }
    for _ in 0..<repetitions {
      for (index, command) in commands.enumerated() {
        measured[index].runs.append(try ChildProcess.run(command.1))
      }
    }
    let duckdb = measured[measured.count - 1].medianSeconds
    var table = TextTable(["command", "median", "fastest", "× faster than DuckDB", "peak RSS"])
    for item in measured {
      table.append([
        item.name, NumberText.duration(item.medianSeconds),
        NumberText.duration(item.runs.map(\.seconds).min() ?? 0),
        NumberText.factor(duckdb / item.medianSeconds),
        NumberText.bytes(item.peakBytes),
      ])
    }
    return table
  }
}
