import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The `body` report of a journal (manual: body-log): its body log's trend over `period`, and the
  /// expenditure estimated over the window ending at the period's last day (or today, when that is
  /// earlier) from the day totals in `digests`. The body log's errors are said as the ingredient
  /// file's are.
  static func bodyReport(
    _ request: ReportRequest, journal: JournalSource, digests: JournalDigests, period: Period,
    context: ReportBuilder.ReportContext, _ console: inout Console
  ) throws(CommandError) -> ReportModel {
    // A period that runs past today is estimated up to today.
    let last = min(period.last, context.today)
    let (trend, errors) = readBodyTrend(journal, zone: context.timeZone, through: last)
    try sayBodyLogErrors(errors, request, &console)
    return ReportBuilder.bodyReport(
      period: period, trend: trend, totals: digests.days(in: period),
      expenditure: expenditure(request.settings, digests: digests, trend: trend, last: last), context: context)
  }

  /// The expenditure estimated over the window of `settings`' days (`EnergyExpenditure.defaultDays`
  /// when it gives none) ending at `last`, from the day totals in `digests` and `trend`.
  static func expenditure(_ settings: ReportSettings, digests: JournalDigests, trend: BodyTrend, last: CivilDate)
    -> EnergyExpenditure
  {
    let days = settings.expenditureDays ?? EnergyExpenditure.defaultDays
    let window = Period(first: last.adding(days: 1 - days), last: last)
    return EnergyExpenditure(totals: digests.days(in: window), trend: trend, last: last, days: days)
  }

  /// The trend of a journal's body log through `last`, its days counted in `zone`, and the log's
  /// errors (`sayBodyLogErrors`).
  static func readBodyTrend(_ journal: JournalSource, zone: TimeZoneRule, through last: CivilDate)
    -> (trend: BodyTrend, errors: [Diagnostic])
  {
    let log = journal.bodyLog()
    return (BodyTrend(log.measurements, zone: zone, through: last), log.diagnostics.filter { $0.severity == .error })
  }

  /// Says a body log's errors as the ingredient file's are (the file named after `person` in a
  /// cohort).
  static func sayBodyLogErrors(
    _ errors: [Diagnostic], _ request: ReportRequest, person: String? = nil, _ console: inout Console
  ) throws(CommandError) {
    try ReportProblems.sayIngredientFile(
      errors, strict: request.strict, quiet: request.quiet,
      file: person.map { "\($0)/\(JournalLayout.bodyLogFileName)" } ?? JournalLayout.bodyLogFileName, &console)
  }
}
