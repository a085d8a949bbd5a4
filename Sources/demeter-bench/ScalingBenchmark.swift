import DemeterCore

/// How the cost of load + aggregate grows: with the number of entries (the first 1/4, 1/2 and all
/// of the day files by path; the time per entry should stay flat) and with threads (SPEC §10: two
/// cores give ≥ 1.8× one core).
enum ScalingBenchmark {
  static let speedUpTarget = 1.8

  /// Medians of load and of load + aggregate over the repetitions.
  struct Timing: Sendable {
    var load = Samples()
    var loadAndAggregate = Samples()
    var entries = 0
  }

  static func measure(_ corpus: Corpus, threads: Int, repetitions: Int) -> Timing {
    var timing = Timing()
    for _ in 0..<max(1, repetitions) {
      let start = MonotonicClock.now()
      let load = WeekQuery.load(corpus.files, threads: threads)
      let loaded = MonotonicClock.now()
      let report = WeekQuery.report(load)
      let end = MonotonicClock.now()
      timing.load.add(loaded - start)
      timing.loadAndAggregate.add(end - start)
      timing.entries = load.table.count
      OperationTimer.sink &+= report.tables.count
    }
    return timing
  }

  /// Load + aggregate of the first quarter, half and all of the day files.
  static func sizes(_ corpus: Corpus, threads: Int, repetitions: Int) -> TextTable {
    let parts = [(1, 4), (1, 2), (1, 1)]
    let measured = parts.map { part in
      let files = max(1, corpus.files.count * part.0 / part.1)
      let prefix = corpus.prefix(files)
      return (part: part, corpus: prefix, timing: measure(prefix, threads: threads, repetitions: repetitions))
    }
    let full = measured.last!
    let perEntryAll = full.timing.loadAndAggregate.median / Double(max(1, full.timing.entries))
    var table = TextTable(["files", "entries", "input", "load + aggregate", "per entry", "MB/s", "vs all"])
    for row in measured {
      let seconds = row.timing.loadAndAggregate.median
      let perEntry = seconds / Double(max(1, row.timing.entries))
      let name = row.part.0 == row.part.1 ? "all" : "first \(row.part.0)/\(row.part.1)"
      table.append([
        "\(name) (\(row.corpus.files.count))", "\(row.timing.entries)",
        NumberText.bytes(row.corpus.inputBytes),
        NumberText.duration(seconds), NumberText.duration(perEntry),
        NumberText.fixed(Double(row.corpus.inputBytes) / 1e6 / seconds, 1),
        NumberText.factor(perEntry / perEntryAll),
      ])
    }
    return table
  }

  /// Load and load + aggregate of the whole corpus on one and on two threads, and the speed-up.
  static func threads(_ corpus: Corpus, repetitions: Int) -> (table: TextTable, speedUp: Double) {
    let one = measure(corpus, threads: 1, repetitions: repetitions)
    let two = measure(corpus, threads: 2, repetitions: repetitions)
    var table = TextTable(["threads", "load", "load + aggregate", "entries/s", "speed-up (load)", "speed-up"])
    for (threads, timing) in [(1, one), (2, two)] {
      let seconds = timing.loadAndAggregate.median
      table.append([
        "\(threads)", NumberText.duration(timing.load.median), NumberText.duration(seconds),
        NumberText.rate(Double(timing.entries) / seconds),
        NumberText.factor(one.load.median / timing.load.median),
        NumberText.factor(one.loadAndAggregate.median / seconds),
      ])
    }
    return (table, one.loadAndAggregate.median / two.loadAndAggregate.median)
  }
}
