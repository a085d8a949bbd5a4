import DemeterCore
import DemeterReporting

/// What the stage benchmark measured, with the last repetition's results (the checks that show the
/// work was really done, and the loaded table for the memory and contract measurements).
struct StageResults: Sendable {
  /// The stages in run order (no read stage for the in-memory sample journal), then the whole run.
  /// The read stage is part of load; it is timed on its own, outside the whole run, to show how
  /// much of load it is.
  var measurements: [StageMeasurement]
  var load: JournalDigests
  /// Weeks in the CSV (its lines but the header).
  var weeks: Int
  /// The whole period's calories, as the report states them (exact).
  var totalCalories: String
  var csvBytes: Int
  var htmlBytes: Int

  var entries: Int { load.entryCount }

  subscript(stage: Stage) -> StageMeasurement? { measurements.first { $0.stage == stage } }

  var whole: StageMeasurement { self[.whole]! }
}

/// Times each stage of the week report query (`WeekQuery`) over the whole corpus, `repetitions` times.
enum StageBenchmark {
  static func run(_ corpus: Corpus, threads: Int, repetitions: Int) throws(BenchError) -> StageResults {
    var find = StageMeasurement(.find)
    var read = StageMeasurement(.read)
    var loading = StageMeasurement(.load)
    var aggregate = StageMeasurement(.aggregate)
    var csv = StageMeasurement(.renderCSV)
    var html = StageMeasurement(.renderHTML)
    var whole = StageMeasurement(.whole)
    var last: StageResults?
    for _ in 0..<max(1, repetitions) {
      last = nil  // the previous repetition's table is freed before the next load
      if !corpus.isInMemory {
        let result = read.measure { ParallelRead.readAll(corpus.files, threads: threads) }
        guard result.failures == 0 else { throw BenchError("\(result.failures) day files could not be read") }
      }
      let start = MonotonicClock.now()
      let processorStart = ProcessorTime.seconds()
      let files = find.measure { corpus.find() }
      let loaded = loading.measure { WeekQuery.load(files, threads: threads) }
      let report = aggregate.measure { WeekQuery.report(loaded) }
      let csvBytes: [UInt8]
      let htmlBytes: [UInt8]
      do throws(ReportRenderError) {
        csvBytes = try csv.measure { () throws(ReportRenderError) in try WeekQuery.csv(report) }
        htmlBytes = try html.measure { () throws(ReportRenderError) in try WeekQuery.html(report) }
      } catch {
        throw BenchError("rendering failed: \(error.message)")
      }
      let seconds = MonotonicClock.now() - start
      let peaks = [find, loading, aggregate, csv, html].map(\.lastPeakBytes)
      whole.record(
        seconds: seconds, processorSeconds: ProcessorTime.seconds() - processorStart,
        peakBytes: peaks.max() ?? 0)
      last = StageResults(
        measurements: [], load: loaded, weeks: csvBytes.count { $0 == UInt8(ascii: "\n") } - 1,
        totalCalories: report.summary.first { $0.id == "calories" }?.value.exactText ?? "?",
        csvBytes: csvBytes.count, htmlBytes: htmlBytes.count)
    }
    var results = last!
    results.measurements =
      (corpus.isInMemory ? [find] : [find, read]) + [loading, aggregate, csv, html, whole]
    return results
  }
}
