import DemeterCore

/// A check of a journal, or of named day files, asked for (manual: command-line, `check`): what is
/// read, with which settings, and whether the problems are listed on standard error or written as a
/// report (`output`). `ReportMaker.check` runs it.
public struct CheckRequest: Sendable {
  /// What is checked.
  public enum Source: Sendable {
    /// A journal folder, or the built-in sample when nil: its day files, ingredients, config,
    /// recipes and plans.
    case journal(String?)
    /// Named day files (`piped`: the one read from standard input, or why it could not be), with
    /// the ingredients, config, recipes and plans of `journal` when one is in sight.
    case files([String], piped: Result<DayFile, Diagnostic>?, journal: String?)

    /// The journal folder whose ingredients, config, recipes and plans hold: the checked one, or
    /// the one in sight of named files.
    public var journal: String? {
      switch self {
      case .journal(let folder): folder
      case .files(_, _, let journal): journal
      }
    }
  }

  public var source: Source
  public var settings: ReportSettings
  /// A report of the problems written as this plan says; nil: each problem listed on standard error.
  public var output: OutputPlan?
  /// Whether warnings not silenced fail the check too, and unknown keys are warned about.
  public var strict = false
  /// Whether every warning is listed, not the first `DiagnosticGroups.shownPerKind` of each kind.
  public var listsAll = false
  /// Whether a journal is read through its parse cache (and keeps it).
  public var usesCache = true
  /// No summary line and no progress line.
  public var quiet = false

  public init(_ source: Source, settings: ReportSettings = ReportSettings()) {
    self.source = source
    self.settings = settings
  }
}
