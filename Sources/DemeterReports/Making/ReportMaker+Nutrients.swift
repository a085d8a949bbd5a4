import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The `nutrients` report of `period` (manual: targets): the digests' exact totals of the whole
  /// period against the person's targets; where a nutrient is below target, the period's entries
  /// are read back once to find the foods that gave the most of it.
  static func nutrientsReport(
    _ digests: JournalDigests, period: Period, _ settings: ReportSettings, config: JournalConfig,
    context: ReportBuilder.ReportContext
  ) -> ReportModel {
    let (summary, targets, intakes) = nutrientIntakes(
      digests, period: period, settings, config: config, options: context.options)
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

  /// A journal's whole-period summary of `period`, the person's targets (`settings` over `config`)
  /// and each nutrient's intake against them.
  static func nutrientIntakes(
    _ digests: JournalDigests, period: Period, _ settings: ReportSettings, config: JournalConfig,
    options: AggregationOptions
  ) -> (BucketSummary, NutrientTargets, [NutrientIntake]) {
    let summary = digests.summarize(buckets: [period], options: options, trend: false).whole
    let targets = settings.nutrientTargets(config: config, year: period.last.year)
    return (summary, targets, NutrientIntake.intakes(of: summary, targets: targets))
  }
}
