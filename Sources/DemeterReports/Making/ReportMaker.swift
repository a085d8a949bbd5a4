import DemeterCore
import DemeterReporting

/// The one place that makes a report (manual: architecture): any `ReportRequest`, from a journal,
/// the sample, a cohort of journals or digest files, written where its output plan says.
public enum ReportMaker {
  /// Makes the report `request` asks for and writes it, saying notes and warnings on `console`'s
  /// standard error (unless the request is quiet).
  /// - Throws: a usage error for a request that cannot be made (a bad period, settings that
  ///   contradict each other or the digest files), journal errors with `strict`, an I/O error
  ///   when a source cannot be read or the output cannot be written.
  public static func make(_ request: ReportRequest, _ console: inout Console) throws(CommandError) {
    if request.kind == .plan || request.kind == .shopping {
      guard case .journal(let folder) = request.source else {
        guard case .sample = request.source else {
          throw .usage("plans are a journal's own: give one journal (--journal) or the sample (--sample)")
        }
        return try makePlanReport(request, folder: nil, &console)
      }
      return try makePlanReport(request, folder: folder, &console)
    }
    if request.breakdown != nil, !request.kind.isBucketReport, request.kind != .compare {
      throw .usage("--by splits the buckets of day, week, month, year, range and compare reports")
    }
    switch request.source {
    case .journal(let folder):
      try makeFromJournal(request, folder: folder, &console)
    case .sample:
      try makeFromJournal(request, folder: nil, &console)
    case .journals(let journals):
      let isPeopleReport = request.kind == .nutrients || request.kind == .body
      guard request.kind.isBucketReport || isPeopleReport else { throw .usage(JournalSet.onlyCohortReports) }
      guard request.output.namesEachJournal else {
        return try isPeopleReport ? makeCohortPeople(request, journals, &console) : makeCohort(request, journals, &console)
      }
      for path in journals.paths {
        var one = request
        one.source = .journal(path)
        try make(one, &console)
      }
    case .digestFiles(let paths):
      try makeFromDigestFiles(request, paths, &console)
    }
  }
}
