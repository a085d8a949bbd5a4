import DemeterCore

/// A digest file asked for (manual: many-journals): of which journals (one, the sample, or several,
/// each kept apart by name), read with which settings and query, kept in which form, written where.
/// `ReportMaker.writeDigestFile` makes it.
public struct DigestFileRequest: Sendable {
  /// The journals whose day digests the file holds; digest files are no source of one.
  public var source: ReportRequest.Source
  /// The settings given over each journal's own (thresholds, goals, zone, week start).
  public var settings: ReportSettings
  /// The query whose entries the digests hold (manual: queries); nil: every entry.
  public var query: AskedQuery?
  /// The dimension each day's entries are split by (`digest --by`, manual: queries): the file then
  /// answers reports split by it (by weekday any file does); nil: none.
  public var breakdown: BreakdownDimension?
  /// Every day's detail, or only what cohort reports show.
  public var form: DigestFileForm
  /// The file written.
  public var output: String
  /// Whether each journal is read through its parse cache (and keeps it).
  public var usesCache = true
  /// Whether a journal's errors end the request (each said, then `CommandError.journalErrors`).
  public var strict = false
  /// No notes or warnings on standard error, only problems.
  public var quiet = false

  public init(
    _ source: ReportRequest.Source, settings: ReportSettings = ReportSettings(), form: DigestFileForm = .full,
    to output: String
  ) {
    self.source = source
    self.settings = settings
    self.form = form
    self.output = output
  }
}
