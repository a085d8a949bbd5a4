import DemeterCore

/// What a report of a query says on standard error (manual: queries).
enum QueryNotes {
  /// The note that `query` matches no entry of the report (unless `request.quiet`): the report is
  /// still written, and the exit status is 0.
  static func matchesNothing(_ query: AskedQuery, _ request: ReportRequest, _ console: inout Console) {
    guard !request.quiet else { return }
    console.error("demeter-report: note: the query '\(query.text)' matches no entry of the period")
  }
}
