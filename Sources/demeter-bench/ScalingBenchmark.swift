import DemeterCore

/// How the cost of load + aggregate grows: with the number of entries (the first 1/4, 1/2 and all
/// of the day files by path; the time per entry should stay flat) and with threads (manual: performance: two
/// cores give ≥ 1.8× one core). The configurations take turns within each repetition, so a change in
/// the machine's other load during the run touches them alike.
enum ScalingBenchmark {
  static let speedUpTarget = 1.8

  /// Medians of load and of load + aggregate over the repetitions.
  struct Timing: Sendable {
    var load = Samples()
    var loadAndAggregate = Samples()
    var entries = 0
  }

  /// Load + aggregate of each (corpus, threads) configuration, `repetitions` rounds, one run of each per
  /// round.
  static func measure(_ configurations: [(corpus: Corpus, threads: Int)], repetitions: Int) -> [Timing] {
    var timings = [Timing](repeating: Timing(), count: configurations.count)
    for _ in 0..<max(1, repetitions) {
      for (index, configuration) in configurations.enumerated() {
        let start = MonotonicClock.now()
        let load = WeekQuery.load(configuration.corpus.files, threads: configuration.threads)
        let loaded = MonotonicClock.now()
        let report = WeekQuery.report(load)
        let end = MonotonicClock.now()
        timings[index].load.add(loaded - start)
        timings[index].loadAndAggregate.add(end - start)
        timings[index].entries = load.entryCount
        OperationTimer.sink &+= report.tables.count
      }
    }
    return timings
  }

  /// Load + aggregate of the first quarter, half and all of the day files.
  static func sizes(_ corpus: Corpus, threads: Int, repetitions: Int) -> TextTable {
    let parts = [(1, 4), (1, 2), (1, 1)]
    let corpora = parts.map { corpus.prefix(max(1, corpus.files.count * $0.0 / $0.1)) }
    let timings = measure(corpora.map { ($0, threads) }, repetitions: repetitions)
    let perEntryAll = timings.last!.loadAndAggregate.median / Double(max(1, timings.last!.entries))
    var table = TextTable(["files", "entries", "input", "load + aggregate", "per entry", "MB/s", "vs all"])
    for (index, part) in parts.enumerated() {
      let seconds = timings[index].loadAndAggregate.median
      let perEntry = seconds / Double(max(1, timings[index].entries))
      let name = part.0 == part.1 ? "all" : "first \(part.0)/\(part.1)"
      table.append([
        "\(name) (\(corpora[index].files.count))", "\(timings[index].entries)",
        NumberText.bytes(corpora[index].inputBytes), NumberText.duration(seconds),
        NumberText.duration(perEntry),
        NumberText.fixed(Double(corpora[index].inputBytes) / 1e6 / seconds, 1),
        NumberText.factor(perEntry / perEntryAll),
      ])
    }
    return table
  }

  /// Load and load + aggregate of the whole corpus on one and on two threads; the speed-up as the
  /// ratio of the medians, and each round's (its two runs back to back, so that a change in the
  /// machine's other load between rounds cancels out).
  static func threads(_ corpus: Corpus, repetitions: Int) -> (
    table: TextTable, speedUp: Double, roundSpeedUps: Samples
  ) {
    let timings = measure([(corpus, 1), (corpus, 2)], repetitions: repetitions)
    let one = timings[0]
    var table = TextTable(["threads", "load", "load + aggregate", "entries/s", "speed-up (load)", "speed-up"])
    for (index, timing) in timings.enumerated() {
      let seconds = timing.loadAndAggregate.median
      table.append([
        "\(index + 1)", NumberText.duration(timing.load.median), NumberText.duration(seconds),
        NumberText.rate(Double(timing.entries) / seconds),
        NumberText.factor(one.load.median / timing.load.median),
        NumberText.factor(one.loadAndAggregate.median / seconds),
      ])
    }
    var rounds = Samples()
    for (oneThread, twoThreads) in zip(one.loadAndAggregate.values, timings[1].loadAndAggregate.values) {
      rounds.add(oneThread / twoThreads)
    }
    return (table, one.loadAndAggregate.median / timings[1].loadAndAggregate.median, rounds)
  }
}
