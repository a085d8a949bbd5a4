import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The `nutrients` report of `period` (manual: targets): the digests' exact totals of the whole
  /// period against the person's targets; where a nutrient is below target, the period's entries
  /// are read back once to find the foods that gave the most of it.
  static func nutrientsReport(
    _ digests: JournalDigests, period: Period, _ settings: ReportSettings, config: JournalConfig,
    trendWeight: (kilograms: FixedDecimal, date: CivilDate)?, context: ReportBuilder.ReportContext
  ) -> ReportModel {
    let (summary, targets, intakes) = nutrientIntakes(
      digests, period: period, settings, config: config, trendWeight: trendWeight, options: context.options)
    var contributors = NutrientContributors(keys: intakes.filter { $0.status == .below }.map(\.label.key))
    if !contributors.keys.isEmpty {
      digests.forEachDate(ofExportedEntriesIn: period) { entries in
        for entry in entries { contributors.add(entry.row) }
      }
    }
    return ReportBuilder.nutrientsReport(
      period: period, summary: summary, intakes: intakes, targets: targets, contributors: contributors,
      context: context)
  }

  /// A journal's whole-period summary of `period`, the person's targets (`settings` over `config`,
  /// the energy requirement at `trendWeight`) and each nutrient's intake against them.
  static func nutrientIntakes(
    _ digests: JournalDigests, period: Period, _ settings: ReportSettings, config: JournalConfig,
    trendWeight: (kilograms: FixedDecimal, date: CivilDate)?, options: AggregationOptions
  ) -> (BucketSummary, NutrientTargets, [NutrientIntake]) {
    let summary = digests.summarize(buckets: [period], options: options, trend: false).whole
    let targets = settings.nutrientTargets(config: config, year: period.last.year, trendWeight: trendWeight)
    return (summary, targets, NutrientIntake.intakes(of: summary, targets: targets))
  }

  /// The body log's trend weight at `period`'s last day (or today, when that is earlier) and that
  /// day, for the energy requirement; nil without a weigh-in by then. The log's errors are said.
  static func trendWeight(
    _ request: ReportRequest, journal: JournalSource, period: Period, context: ReportBuilder.ReportContext,
    _ console: inout Console
  ) throws(CommandError) -> (kilograms: FixedDecimal, date: CivilDate)? {
    let last = min(period.last, context.today)
    let (trend, errors) = readBodyTrend(journal, zone: context.timeZone, through: last)
    try sayBodyLogErrors(errors, request, &console)
    return trendWeight(trend, at: last)
  }

  /// `trend`'s weight at `last`, with that day; nil when the trend does not reach it.
  static func trendWeight(_ trend: BodyTrend, at last: CivilDate) -> (kilograms: FixedDecimal, date: CivilDate)? {
    trend.day(last).map { ($0.trend, last) }
  }
}
