import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The `body` report of a journal (manual: body-log): its body log's trend over `period`, and the
  /// expenditure estimated over the window of `expenditureDays` ending at the period's last day (or today, when that is earlier) from the
  /// day totals in `digests`. The body log's errors are said as the ingredient file's are.
  static func bodyReport(
    _ request: ReportRequest, journal: JournalSource, digests: JournalDigests, period: Period,
    context: ReportBuilder.ReportContext, _ console: inout Console
  ) throws(CommandError) -> ReportModel {
    let (trend, expenditure) = try bodyFigures(
      request, journal: journal, digests: digests, period: period, context: context, &console)
    return ReportBuilder.bodyReport(
      period: period, trend: trend, totals: digests.days(in: period), expenditure: expenditure,
      context: context)
  }

  /// A journal's trend up to `period`'s last day (or today, when that is earlier) and the
  /// expenditure estimated over the window ending then; the body log's errors are said (named after
  /// `person` in a cohort).
  static func bodyFigures(
    _ request: ReportRequest, journal: JournalSource, digests: JournalDigests, period: Period,
    context: ReportBuilder.ReportContext, person: String? = nil, _ console: inout Console
  ) throws(CommandError) -> (BodyTrend, EnergyExpenditure) {
    let log = journal.bodyLog()
    try ReportProblems.sayIngredientFile(
      log.diagnostics.filter { $0.severity == .error }, strict: request.strict, quiet: request.quiet,
      file: person.map { "\($0)/\(JournalLayout.bodyLogFileName)" } ?? JournalLayout.bodyLogFileName, &console)
    // A period that runs past today is estimated up to today.
    let last = min(period.last, context.today)
    let trend = BodyTrend(log.measurements, zone: context.timeZone, through: last)
    let days = request.settings.expenditureDays ?? EnergyExpenditure.defaultDays
    let window = Period(first: last.adding(days: 1 - days), last: last)
    let expenditure = EnergyExpenditure(
      totals: digests.days(in: window), trend: trend, last: last, days: days)
    return (trend, expenditure)
  }
}
