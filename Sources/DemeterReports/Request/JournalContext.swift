import DemeterCore

/// One journal's settings, resolved once and in one order (manual: journal precedence: the request's
/// `ReportSettings`, which a command line fills from options, else environment variables; else the
/// journal's `.demeter.json`; else the default): the journal, its config, the zone days are counted
/// in, the week start, today. Every command that reads a journal runs with one.
public struct JournalContext: Sendable {
  /// The journal: a folder (with its `layout`), or the built-in sample ending `today`.
  public let source: JournalSource
  public let config: JournalConfig
  public let zone: TimeZoneRule
  public let weekStart: WeekStart
  public let today: CivilDate

  /// The settings of the journal in `folder` (nil: the sample) whose `.demeter.json` says `config`,
  /// with `settings` over it.
  public init(folder: String?, config: JournalConfig, settings: ReportSettings) {
    self.config = config
    zone = settings.timeZone ?? config.timeZone ?? .asWritten
    weekStart = settings.weekStart ?? config.weekStart ?? .monday
    today = ReportClock.today(override: settings.today, zone: zone)
    source = JournalSource(folder: folder, today: today)
  }

  /// `init(folder:config:settings:)` with the folder's config read already (`JournalConfig.load`;
  /// nil for the sample): its errors end the run and its warnings are said on `console` unless
  /// `quiet` (`JournalContext.config`).
  public init(
    folder: String?, config load: JournalConfig.Load?, settings: ReportSettings, quiet: Bool,
    _ console: inout Console
  ) throws(CommandError) {
    let config = try load.map { load throws(CommandError) in try Self.config(load, quiet: quiet, &console) }
    self.init(folder: folder, config: config ?? JournalConfig(), settings: settings)
  }

  /// `init(folder:config:settings:quiet:_:)` reading the folder's config.
  public init(folder: String?, settings: ReportSettings, quiet: Bool, _ console: inout Console)
    throws(CommandError)
  {
    try self.init(
      folder: folder, config: folder.map(JournalConfig.load(journal:)), settings: settings, quiet: quiet, &console)
  }

  /// The config of a `.demeter.json` read already: its errors end the run (a usage error; an I/O
  /// error when it cannot be read), its warnings are said on `console` unless `quiet`.
  public static func config(_ load: JournalConfig.Load, quiet: Bool, _ console: inout Console)
    throws(CommandError) -> JournalConfig
  {
    let errors = load.diagnostics.filter { $0.severity == .error }
    for diagnostic in load.diagnostics where diagnostic.severity == .error || !quiet {
      console.error(diagnostic.rendered)
    }
    if load.unreadable { throw .io("cannot read the journal's \(JournalConfig.fileName) (see above)") }
    if !errors.isEmpty {
      throw .usage("fix the journal's \(JournalConfig.fileName) (see above)")
    }
    return load.config
  }
}
