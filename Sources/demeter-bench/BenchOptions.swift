import DemeterCore

/// The command line of `demeter-bench`; `usage` is its `--help`.
struct BenchOptions: Sendable {
  var corpus: String?
  var repetitions = 5
  var threads = ProcessorCount.active
  var ingredients: String?
  var skipContracts = false
  var skipScaling = false
  var markdown = false
  var processes = false
  var duckdbScript = "Tests/Tools/duckdb_week.sh"
  var help = false

  static let usage = """
    usage: demeter-bench [CORPUS] [--repeat N] [--threads N] [--ingredients FILE]
                         [--skip-contracts] [--skip-scaling] [--markdown]
           demeter-bench CORPUS --processes [--repeat N] [--duckdb-script FILE]

    Times the benchmark's week report (Tests/Tools/duckdb.sql) through the library, as
    `demeter-report week all --low-confidence 0.6 --decimals 4 --format csv` runs it
    (manual: performance): find files, read, load, aggregate, render CSV, render HTML and the whole
    run, with MB/s, entries/s and peak RSS; then the seed contracts of the manual's `journal` topic with their
    margins, and how load + aggregate scales with entries and with threads. Build it in
    release mode: swift build -c release.

    CORPUS              a journal folder (e.g. from Tests/Tools/gen_journal.py); without
                        one, the built-in sample journal
    --repeat N          repetitions of each measurement (default 5): median and minimum
    --threads N         loader threads for the stages (default: active processors)
    --ingredients FILE  ingredient file for the 1000+ ingredients contract (default: the
                        corpus's ingredients.jsonl, else the sample's; fewer than 1000 are
                        grown to 10000 renamed copies)
    --skip-contracts    leave out the seed contracts
    --skip-scaling      leave out the scaling runs (they load the corpus 5 × N more times)
    --markdown          section titles as Markdown headings and facts as lists, for a README
    --processes         instead: whole processes side by side, each run in turn N times —
                        demeter-report (beside this program) without the cache, with a warm
                        one, and writing the HTML report to a file, and DuckDB CLI's week
                        query; median and fastest wall time, each process's peak RSS
    --duckdb-script F   the DuckDB week query script (default Tests/Tools/duckdb_week.sh;
                        needs `pip install duckdb-cli`)
    -h, --help          this text

    """

  static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions {
    var options = BenchOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (name, attached) = split(argument)
      func value() throws(BenchError) -> String {
        if let attached { return attached }
        guard let next = remaining.popFirst() else { throw .usage("\(name) needs a value") }
        return next
      }
      func count() throws(BenchError) -> Int {
        let text = try value()
        guard let number = Int(text), number >= 1 else {
          throw .usage("\(name) needs a whole number ≥ 1 (got '\(text)')")
        }
        return number
      }
      switch name {
      case "-h", "--help": options.help = true
      case "--repeat": options.repetitions = try count()
      case "--threads": options.threads = try count()
      case "--ingredients": options.ingredients = try value()
      case "--skip-contracts": options.skipContracts = true
      case "--skip-scaling": options.skipScaling = true
      case "--markdown": options.markdown = true
      case "--processes": options.processes = true
      case "--duckdb-script": options.duckdbScript = try value()
      default:
        guard !argument.hasPrefix("-"), options.corpus == nil else {
          throw .usage(argument.hasPrefix("-") ? "unknown option \(argument)" : "give one CORPUS folder")
        }
        options.corpus = argument
      }
    }
    if options.processes, options.corpus == nil { throw .usage("--processes needs a CORPUS folder") }
    return options
  }

  /// `--name=value` as its name and value; any other argument as itself and nil.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
