import DemeterCore

extension ReportProblems {
  /// `say(_:skippedLines:strict:quiet:_:journal:)` as `request` asks.
  static func say(
    _ diagnostics: [Diagnostic], skippedLines: Int, _ request: ReportRequest, _ console: inout Console,
    journal: String? = nil
  ) throws(CommandError) {
    try say(
      diagnostics, skippedLines: skippedLines, strict: request.strict, quiet: request.quiet, &console,
      journal: journal)
  }
}
