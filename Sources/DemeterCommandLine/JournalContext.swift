import DemeterCore

/// The settings a command that reads a journal runs with, resolved once per run and in one order
/// (manual: journal precedence: option, else environment variable, else the journal's `.demeter.json`, else
/// the default): the journal, its config, the zone days are counted in, the week start, today.
/// Commands receive it instead of each reading these options again.
struct JournalContext {
  /// The journal: a folder (with its `layout`), or the built-in sample ending `today`.
  let source: JournalSource
  let config: JournalConfig
  let zone: TimeZoneRule
  let weekStart: WeekStart
  let today: CivilDate

  /// The settings `arguments` give: `--sample`, else the journal folder (`CommonOptions.journalPath`);
  /// its config (whose errors end the command, `CommonOptions.config`); `--tz`, `--week-start` and
  /// `--today` over it.
  /// - Throws: the first of those that is missing or wrong, in that order.
  init(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) {
    try self.init(folder: try JournalSource.folder(arguments), arguments, &console)
  }

  /// The settings of the journal in `folder` (nil: the sample), with the options of `arguments` over
  /// its config: one person's settings in a cohort (`JournalSet`).
  init(folder: String?, _ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) {
    try self.init(folder: folder, config: folder.map(JournalConfig.load(journal:)), arguments, &console)
  }

  /// `init(folder:_:_:)` with the folder's config read already (`JournalConfig.load`; nil for the
  /// sample).
  init(
    folder: String?, config load: JournalConfig.Load?, _ arguments: ParsedArguments,
    _ console: inout Console
  ) throws(CLIError) {
    config = try load.map { load throws(CLIError) in try CommonOptions.config(load, arguments, &console) }
      ?? JournalConfig()
    zone = try CommonOptions.timeZoneRule(arguments, config: config)
    weekStart = try CommonOptions.weekStart(arguments, config: config)
    today = try CommonOptions.today(arguments, zone: zone)
    source = JournalSource(folder: folder, today: today)
  }

  /// How the journal is read: days counted in `zone`, through its parse cache unless turned off
  /// (`CommonOptions.loadOptions`).
  func loadOptions(_ arguments: ParsedArguments) -> JournalLoadOptions {
    CommonOptions.loadOptions(arguments, zone: zone)
  }
}

extension JournalLayout {
  /// The layout as help and the man page name it: `<journal>/.demeter.json`, ….
  static let shown = JournalLayout(journal: "<journal>")
}
