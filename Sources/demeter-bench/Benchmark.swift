import DemeterCore

/// The whole benchmark run: the stages, memory, the seed contracts and scaling, printed in that order.
enum Benchmark {
  static func run(_ options: BenchOptions, baselineBytes: Int) throws(BenchError) {
    if options.processes, let corpus = options.corpus {
      return try runProcesses(options, corpus: corpus)
    }
    let corpus = try Corpus.open(options.corpus)
    let output = BenchOutput(markdown: options.markdown)
    let perStagePeaks = MemoryUsage.canResetPeak
    let machineLoad =
      MachineLoad.oneMinute().map { ", load average \(NumberText.fixed($0, 2)) at the start" } ?? ""
    let stages = try StageBenchmark.run(corpus, threads: options.threads, repetitions: options.repetitions)
    guard stages.entries > 0 else {
      throw BenchError("no entries loaded from \(corpus.name): nothing to measure")
    }

    output.section("demeter-bench: the benchmark's week report (Tests/Tools/duckdb.sql)")
    output.facts([
      "corpus: \(corpus.name): \(corpus.files.count) day files, \(NumberText.bytes(corpus.inputBytes)), "
        + "\(stages.entries) entries, \(stages.load.skippedLines) invalid lines skipped",
      "query: week all --low-confidence 0.6 --decimals 4, rendered as CSV and as HTML",
      "check: \(stages.weeks) weeks, \(stages.totalCalories) kcal in all, "
        + "CSV \(NumberText.bytes(stages.csvBytes)), HTML \(NumberText.bytes(stages.htmlBytes))",
      "\(count: options.threads, "loader thread") "
        + "(\(ProcessorCount.active) processors\(machineLoad)), "
        + "\(count: options.repetitions, "repetition"): median and minimum wall time",
      perStagePeaks
        ? "peak RSS: getrusage ru_maxrss in each stage's first run, reset before each stage "
          + "(/proc/self/clear_refs); baseline: at the process's start"
        : "peak RSS: getrusage ru_maxrss since the process started; baseline: at the process's start",
    ])
    output.table(
      stages.stageTable(
        inputBytes: corpus.inputBytes, baselineBytes: baselineBytes, inMemory: corpus.isInMemory))

    let footprint = DigestFootprint(stages.load)
    output.section("Memory")
    output.table(
      stages.memoryTable(inputBytes: corpus.inputBytes, baselineBytes: baselineBytes, footprint: footprint))

    if !options.skipContracts {
      let results = try ContractBenchmark.run(
        ContractBenchmark.Inputs(
          corpus: corpus, stages: stages, footprint: footprint, baselineBytes: baselineBytes,
          ingredientsPath: options.ingredients, batches: options.repetitions))
      output.section("Seed contracts (manual: journal), per operation, median of batches")
      output.table(ContractResult.table(results))
    }

    if !options.skipScaling {
      output.section("Scaling: load + aggregate on the first files by path (\(options.threads) threads)")
      output.table(ScalingBenchmark.sizes(corpus, threads: options.threads, repetitions: options.repetitions))
      output.section("Scaling: threads (whole corpus)")
      let threads = ScalingBenchmark.threads(corpus, repetitions: options.repetitions)
      output.table(threads.table)
      let target = ScalingBenchmark.speedUpTarget
      let rounds = threads.roundSpeedUps
      output.facts([
        "speed-up with 2 threads: \(NumberText.factor(threads.speedUp)) (the medians' ratio); "
          + "in each round, the two runs back to back: median \(NumberText.factor(rounds.median)), "
          + "\(NumberText.factor(rounds.minimum))–\(NumberText.factor(rounds.maximum)) "
          + "(target ≥ \(NumberText.factor(target)), margin \(NumberText.factor(rounds.median / target)))"
      ])
    }
    if let load = MachineLoad.oneMinute() {
      output.facts([
        "load average at the end: \(NumberText.fixed(load, 2)) (\(ProcessorCount.active) processors)"
      ])
    }
  }

  /// The `--processes` run: the week query as whole processes beside DuckDB.
  private static func runProcesses(_ options: BenchOptions, corpus: String) throws(BenchError) {
    let output = BenchOutput(markdown: options.markdown)
    let executable = CommandLine.arguments[0]
    let folder = executable.contains("/") ? String(executable[..<executable.lastIndex(of: "/")!]) : "."
    let table = try ProcessBenchmark.run(
      corpus: corpus, tool: folder + "/demeter-report", duckdbScript: options.duckdbScript,
      repetitions: options.repetitions)
    output.section("demeter-bench --processes: the week query of \(corpus) as whole processes")
    output.facts([
      "query: week all --low-confidence 0.6 --decimals 4 -f csv (and the HTML report written to a file)",
      "each command run once to warm up, then all in turn \(options.repetitions) times; peak RSS from wait4",
    ])
    output.table(table)
  }
}
