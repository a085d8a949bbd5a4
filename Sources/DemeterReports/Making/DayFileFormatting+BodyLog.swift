import DemeterCore

extension DayFileFormatting {
  /// What formatting a journal's body log gave.
  enum BodyLogOutcome {
    /// No body log, or one already canonical.
    case unchanged
    /// It has invalid lines (said on standard error); left as it is.
    case invalid
    /// It is not canonical: staged in canonical form, or only listed when checking.
    case changed
  }

  /// Formats the body log of `journal` in `transaction` (manual: body-log): each line in canonical form
  /// (`BodyMeasurement.canonicalLine`), staged when it changes unless only checking; its errors
  /// said on `console`.
  func formatBodyLog(journal: String, in transaction: JournalTransaction, _ console: inout Console)
    throws(ModelError) -> BodyLogOutcome
  {
    let log = BodyLog.load(path: JournalLayout(journal: journal).bodyLog)
    guard log.fileExists else { return .unchanged }
    let errors = log.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty, let canonical = log.canonicalBytes else {
      for diagnostic in errors { console.error(diagnostic.rendered) }
      let path = JournalLayout(journal: journal).bodyLog
      console.error("demeter-report: \(TerminalSafeText.escaped(path)) has invalid lines; left unchanged")
      return .invalid
    }
    let path = JournalLayout(journal: journal).bodyLog
    let bytes = (try? FileBytes.read(path, limit: .bodyLog)) ?? []
    guard bytes != canonical else { return .unchanged }
    if !checkOnly { try transaction.replace(path, with: canonical) }
    return .changed
  }
}
