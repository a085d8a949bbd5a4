import CSVReport
import DemeterCore
import DemeterReporting
import HTMLReport

/// The benchmark query (`shared/bench/QUERY.md`): what
/// `demeter-report week all --low-confidence 0.6 --decimals 4 --format csv` does, through the library,
/// step by step as `ReportCommands` runs it.
enum WeekQuery {
  static let weekStart = WeekStart.monday
  /// `--low-confidence 0.6`, and the review-list cut the command line uses.
  static let aggregation = AggregationOptions(
    lowConfidence: FixedDecimal(billionths: 600_000_000), reviewLimit: 50)
  /// `--decimals 4`, no colour.
  static let rendering = RenderOptions(decimals: 4, color: false)

  /// Reads, parses and digests the day files (dates as written, as without `--tz`).
  static func load(_ files: [DayFile], threads: Int) -> JournalDigests {
    DigestLoader.load(
      files: files, options: JournalLoadOptions(timeZone: .asWritten, threads: threads),
      rules: DigestRules(aggregation))
  }

  /// `all`: the journal's first to last day; "today" is pinned to the last day (it only shows in the facts).
  static func period(of digests: JournalDigests) -> Period {
    digests.span ?? Period(day: Corpus.sampleLastDay)
  }

  /// The aggregation: one summary per week of `asked` (default: the whole journal), as a report model.
  static func report(_ load: JournalDigests, asked: Period? = nil) -> ReportModel {
    let asked = asked ?? period(of: load)
    let context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: .asWritten, today: asked.last, options: aggregation,
      skippedLines: load.skippedLines)
    return ReportBuilder.bucketReport(
      .week, asked: asked, bucketSize: .week(weekStart), digests: load, context: context)
  }

  static func csv(_ report: ReportModel) throws(ReportRenderError) -> [UInt8] {
    try CSVGenerator().render(report, options: rendering)
  }

  static func html(_ report: ReportModel) throws(ReportRenderError) -> [UInt8] {
    try HTMLGenerator().render(report, options: rendering)
  }
}
