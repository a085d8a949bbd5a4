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
    let summary = digests.summarize(buckets: [period], options: context.options, trend: false).whole
    let targets = settings.nutrientTargets(config: config, year: period.last.year)
    let intakes = NutrientIntake.intakes(of: summary, targets: targets)
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
}
