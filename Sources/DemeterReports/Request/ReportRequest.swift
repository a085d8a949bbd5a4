import DemeterCore
import DemeterReporting

/// One report, asked for (manual: architecture): what kind, over which period, of which journal or
/// journals or digest files, with which settings, written how. A command line builds one from its
/// options; `ReportMaker` makes and writes any of them.
public struct ReportRequest: Sendable {
  /// Where the report's days come from.
  public enum Source: Sendable {
    /// A journal folder.
    case journal(String)
    /// The built-in sample journal (four weeks ending today).
    case sample
    /// Several journals, one person each: a cohort report, or one report each when the output
    /// file names each journal (`OutputPlan.namesEachJournal`).
    case journals(JournalSet)
    /// Digest files (`digest`, `merge`) read in place of journals.
    case digestFiles([String])
  }

  public var kind: ReportKind
  /// The words of the period (`last week`, `2026-W47`, `2026-11-01..2026-11-21`, `all`), as given;
  /// empty: the kind's default (`ReportKind.defaultPeriod`). `compare` takes the words of two.
  public var period: [String]
  public var source: Source
  public var settings: ReportSettings
  public var output: OutputPlan
  /// The query the entries must match (manual: queries); nil: every entry.
  public var query: AskedQuery?
  /// What each bucket is split by (manual: queries, `--by`); nil: none.
  public var breakdown: ReportBuilder.BreakdownRequest?
  /// Whether a journal is read through its parse cache (and keeps it).
  public var usesCache = true
  /// Whether foods are looked up in the built-in table as well as the journal's own ingredients
  /// (plans and their shopping lists).
  public var usesBuiltInIngredients = true
  /// Whether a journal's errors end the report (each said, then `CommandError.journalErrors`).
  public var strict = false
  /// No notes, warnings or summaries on standard error, only results and problems.
  public var quiet = false

  public init(
    _ kind: ReportKind, period: [String] = [], source: Source, settings: ReportSettings = ReportSettings(),
    output: OutputPlan = OutputPlan()
  ) {
    self.kind = kind
    self.period = period
    self.source = source
    self.settings = settings
    self.output = output
  }

  /// How a journal is read: days counted in `zone`, through its cache unless `usesCache` is off.
  func loadOptions(zone: TimeZoneRule) -> JournalLoadOptions {
    .reading(zone: zone, usesCache: usesCache)
  }
}

extension JournalLoadOptions {
  /// Days counted in `zone`, a journal folder read through its cache (kept per tool version) when
  /// `usesCache`.
  public static func reading(zone: TimeZoneRule, usesCache: Bool) -> JournalLoadOptions {
    JournalLoadOptions(timeZone: zone, cache: usesCache ? .journalFolder(toolVersion: ToolVersion.current) : .off)
  }
}
