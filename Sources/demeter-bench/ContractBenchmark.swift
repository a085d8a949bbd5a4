import DemeterCore
import DemeterReporting

/// The seed performance contracts of the manual's `journal` topic, each timed over many calls (`OperationTimer`) and shown
/// with its margin.
enum ContractBenchmark {
  /// What the contracts are measured on besides their own inputs.
  struct Inputs: Sendable {
    var corpus: Corpus
    var stages: StageResults
    var footprint: DigestFootprint
    /// The process's resident set size before the benchmark started.
    var baselineBytes: Int
    var ingredientsPath: String?
    var batches: Int
  }

  static func run(_ inputs: Inputs) throws(BenchError) -> [ContractResult] {
    let batches = inputs.batches
    var results = entryContracts(batches: batches)
    results += try queryContracts(inputs)
    let entries = Double(max(1, inputs.stages.entries))
    results += [
      ContractResult(
        name: "aggregation of all \(inputs.stages.entries) entries (aggregate stage, median)", unit: .seconds,
        measured: inputs.stages[.aggregate]!.times.median, limit: 1),
      ContractResult(
        name: "< 1 KB per entry: the day digests", unit: .bytes,
        measured: Double(inputs.footprint.totalBytes) / entries, limit: 1024),
      ContractResult(
        name: "< 1 KB per entry: whole-run peak RSS over the baseline", unit: .bytes,
        measured: Double(inputs.stages.whole.peakBytes - inputs.baselineBytes) / entries, limit: 1024),
    ]
    let ingredients = try IngredientBenchmark.prepare(path: inputs.ingredientsPath, corpus: inputs.corpus)
    results += ingredients.results(batches: batches)
    return results
  }

  /// Entry creation (the validating initializer) and validation on its own.
  private static func entryContracts(batches: Int) -> [ContractResult] {
    let samples = EntrySamples()
    let creation = OperationTimer.secondsPerCall(batches: batches) { index in
      (try? samples.entry(index)).map { Int($0.calories) } ?? -1
    }
    let entries = (0..<EntrySamples.count).compactMap { try? samples.entry($0) }
    let validation = OperationTimer.secondsPerCall(batches: batches) { index in
      entries[index % entries.count].isValid ? 1 : 0
    }
    return [
      ContractResult(
        name: "entry creation (FoodEntry.init, which validates)", unit: .seconds, measured: creation,
        limit: 0.001),
      ContractResult(
        name: "validation (FoodEntry.validate)", unit: .seconds, measured: validation, limit: 100e-6),
    ]
  }

  /// A typical query (one week: aggregate and render HTML) on the sample and on the corpus, and
  /// aggregation of 100 entries.
  private static func queryContracts(_ inputs: Inputs) throws(BenchError) -> [ContractResult] {
    let sample = WeekQuery.load(SampleJournal.dayFiles(endingOn: Corpus.sampleLastDay), threads: 1)
    var results = try weekQuery(name: "this week of the sample journal", sample, batches: inputs.batches)
    if !inputs.corpus.isInMemory {
      results += try weekQuery(
        name: "last week of the loaded corpus", inputs.stages.load, batches: inputs.batches)
    }
    let hundred = firstLines(100, of: SampleJournal.dayFiles(endingOn: Corpus.sampleLastDay))
    var entries = 0
    let aggregation = OperationTimer.secondsPerCall(batches: inputs.batches) { _ in
      let digests = WeekQuery.load(hundred, threads: 1)
      let weeks = WeekQuery.period(of: digests).buckets(.week(WeekQuery.weekStart))
      entries = digests.summarize(buckets: weeks, options: WeekQuery.aggregation).whole.entries
      return entries
    }
    results.append(
      ContractResult(
        name: "aggregation of \(entries) entries (read, digested, then summarized by week)", unit: .seconds,
        measured: aggregation, limit: 0.001))
    return results
  }

  /// The first `count` lines of `files` (in-memory day files), as in-memory day files of the same names.
  private static func firstLines(_ count: Int, of files: [DayFile]) -> [DayFile] {
    var left = count
    return files.compactMap { file in
      guard left > 0, let contents = file.contents else { return nil }
      let lines = contents.split(separator: UInt8(ascii: "\n")).prefix(left)
      left -= lines.count
      return DayFile(
        path: file.path, date: file.date, contents: Array(lines.map { $0 + [UInt8(ascii: "\n")] }.joined()))
    }
  }

  /// The week containing the journal's last day: its report model and HTML page (the contract), and
  /// the report model alone (for information).
  private static func weekQuery(name: String, _ load: JournalDigests, batches: Int) throws(BenchError)
    -> [ContractResult]
  {
    let week = Period.week(containing: WeekQuery.period(of: load).last, WeekQuery.weekStart)
    var failure: ReportRenderError?
    let query = OperationTimer.secondsPerCall(batches: batches) { _ in
      do throws(ReportRenderError) {
        return try WeekQuery.html(WeekQuery.report(load, asked: week)).count
      } catch {
        failure = error
        return 0
      }
    }
    if let failure { throw BenchError("rendering failed: \(failure.message)") }
    let aggregate = OperationTimer.secondsPerCall(batches: batches) { _ in
      WeekQuery.report(load, asked: week).tables.count
    }
    return [
      ContractResult(
        name: "typical query: \(name) (aggregate + HTML)", unit: .seconds, measured: query, limit: 0.010),
      ContractResult(name: "  of which aggregate (report model)", unit: .seconds, measured: aggregate),
    ]
  }
}
