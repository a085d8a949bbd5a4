import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The `body` report of a journal (manual: body): its body log's trend over `period`, and the
  /// expenditure estimated over the window of `windowDays` ending at the period's last day from the
  /// day totals in `digests`. The body log's errors are said as a journal's are.
  static func bodyReport(
    _ request: ReportRequest, journal: JournalSource, digests: JournalDigests, period: Period,
    context: ReportBuilder.ReportContext, _ console: inout Console
  ) throws(CommandError) -> ReportModel {
    let log = journal.bodyLog()
    try ReportProblems.say(
      log.diagnostics.filter { $0.severity == .error },
      skippedLines: log.diagnostics.count { $0.severity == .error }, request, &console)
    let trend = BodyTrend(log.measurements, zone: context.timeZone, through: period.last)
    let days = request.settings.expenditureDays ?? EnergyExpenditure.defaultDays
    let window = Period(first: period.last.adding(days: 1 - days), last: period.last)
    let expenditure = EnergyExpenditure(
      totals: digests.days(in: window), trend: trend, last: period.last, days: days)
    return ReportBuilder.bodyReport(
      period: period, trend: trend, totals: digests.days(in: period), expenditure: expenditure,
      context: context)
  }
}
