import DemeterCore
import DemeterReports

/// Options shared by the commands that read a journal, declared once.
enum CommonOptions {
  static let journal = OptionSpec.value(
    "journal", "DIR",
    help:
      "Journal folder (default: $DEMETER_JOURNAL, else ./journal if it exists, else . if it holds day files)"
      + "; repeatable in day|week|month|year|range for a cohort report.")
  /// `--journals DIR`: every journal directly under DIR, for a cohort report (`JournalSet`).
  static let journals = OptionSpec.value(
    "journals", "DIR",
    help: "Every journal directly under DIR (one per person, each with its own settings): a cohort report, "
      + "or one report each with -o '…{journal}…'.")
  static let today = OptionSpec.value(
    "today", "DATE", help: "Take DATE (YYYY-MM-DD) as today, for reproducible runs.")
  static let timeZone = OptionSpec.value(
    "tz", "ZONE",
    help: "Count days in ZONE (UTC, +05:30, Europe/Berlin, local) instead of each entry's own offset.")
  static let weekStart = OptionSpec.value(
    "week-start", "DAY", help: "First day of a week: monday (ISO, default), sunday or saturday.")
  static let strict = OptionSpec.flag(
    "strict", help: "Fail (exit 1) if the journal has errors instead of skipping bad lines.")
  static let quiet = OptionSpec.flag(
    "quiet", short: "q", help: "Print no notes or summaries, only results and problems.")

  static let noCache = OptionSpec.flag(
    "no-cache",
    help:
      "Parse every day file instead of reusing (and keeping) the parse results in "
      + "\(JournalLayout.shown.cache)/.")

  static let lockTimeout = OptionSpec.value(
    "lock-timeout", "SECONDS",
    help: "Wait at most SECONDS for another write, then exit 3 (default \(JournalLock.Waiting.defaultTimeout)"
      + ").")

  static let stdinName = OptionSpec.value(
    "stdin-name", "PATH",
    help: "Read the day file named PATH from stdin, given as '-' (e.g. git show :PATH in a hook).")

  /// Standard input, under the `limit` of the file it stands for.
  /// - Throws: an I/O error when it is longer or cannot be read, as for a file given by name.
  static func standardInput(limit: FileSizeLimit, _ console: Console) throws(CommandError) -> [UInt8] {
    do throws(FileBytes.ReadError) {
      return try console.input.read(limit: limit)
    } catch {
      throw .io(error.message)
    }
  }

  /// The day file given as `-` on stdin, shown and dated as `--stdin-name` (else `<stdin>`), or
  /// the error a day file of that name gets when stdin is over the day-file limit or cannot be
  /// read; nil when no `-` is given.
  /// - Throws: a usage error for `--stdin-name` without `-`, or `-` given twice.
  static func stdinDayFile(_ arguments: ParsedArguments, _ console: Console) throws(CommandError) -> Result<DayFile, Diagnostic>? {
    let dashes = arguments.positionals.count { $0 == "-" }
    let name = arguments.value(stdinName)
    guard dashes > 0 else {
      if name != nil { throw .usage("--stdin-name goes with '-' (the day file read from stdin)") }
      return nil
    }
    guard dashes == 1 else { throw .usage("'-' (stdin) can be given once") }
    let path = name ?? "<stdin>"
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    do throws(FileBytes.ReadError) {
      let contents = try console.input.read(limit: .dayFile)
      return .success(
        DayFile(path: path, date: DayFileFinder.date(fromFileName: fileName), contents: contents))
    } catch {
      return .failure(.unreadableFile(path, error.message))
    }
  }

  static let sample = OptionSpec.flag(
    "sample", help: "Use the built-in sample journal (four weeks ending today) instead of a folder.")

  static let reading = [
    journal, sample, today, timeZone, weekStart, strict, quiet, noCache,
  ]

  /// Whether a journal's caches are used: not with `--no-cache` or `$DEMETER_NO_CACHE` (set and not
  /// empty, like `NO_COLOR`).
  static func usesCache(_ arguments: ParsedArguments) -> Bool {
    !arguments.has(noCache) && EnvironmentVariable.noCache.value == nil
  }

  /// `request` reading its journal as `--no-cache` (or `$DEMETER_NO_CACHE`), `--strict` and `--quiet` say.
  static func reading<Request: ReadingOptions>(_ request: inout Request, _ arguments: ParsedArguments) {
    request.usesCache = usesCache(arguments)
    request.strict = arguments.has(strict)
    request.quiet = arguments.has(quiet)
  }

  /// How a write waits for the journal lock: at most `--lock-timeout` seconds, saying on stderr
  /// whom it waits for once that takes a while.
  static func lockWaiting(_ arguments: ParsedArguments) throws(CommandError) -> JournalLock.Waiting {
    let timeout = try timeLimit(arguments, lockTimeout) ?? JournalLock.Waiting.defaultTimeout
    return JournalLock.Waiting(timeout: timeout) { holder in
      var console = Console()
      let who = holder.map { "PID \($0)" } ?? "another process"
      console.error("demeter-report: waiting for the journal lock (held by \(who))")
    }
  }

  /// The value of a `SECONDS` option, or nil when it is not given.
  static func timeLimit(_ arguments: ParsedArguments, _ option: OptionSpec) throws(CommandError) -> TimeLimit? {
    guard let text = arguments.value(option) else { return nil }
    guard let limit = TimeLimit(parsing: text) else {
      let shown = TerminalSafeText.sanitize(text).text
      throw .usage("--\(option.long) must be a number of seconds ≥ 0, like 30 or 0.5 (got '\(shown)')")
    }
    return limit
  }

  /// The journal folder the arguments name (`journalPath`), or nil with `--sample`.
  /// - Throws: a usage error for `--sample` with `--journal`, or the folder rules' error.
  static func journalFolder(_ arguments: ParsedArguments) throws(CommandError) -> String? {
    guard arguments.has(sample) else { return try journalPath(arguments) }
    guard !arguments.has(journal) else { throw .usage("give either --journal or --sample, not both") }
    return nil
  }

  /// The journals of a cohort (`JournalSet`) when `--journal` is given more than once or
  /// `--journals` at all; nil otherwise.
  /// - Throws: a usage error with `--sample`, or the set's error.
  static func journalSet(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError)
    -> JournalSet?
  {
    let (given, parents) = (arguments.all(journal), arguments.all(journals))
    guard given.count > 1 || !parents.isEmpty else { return nil }
    if arguments.has(sample) {
      throw .usage("give either --sample or journals (--journal, --journals), not both")
    }
    return try JournalSet(journals: given, parents: parents, quiet: arguments.has(quiet), &console)
  }

  /// The journal folder (manual: journal): `--journal`, else `$DEMETER_JOURNAL`, else `./journal` if it
  /// exists, else `.` when a day file is in sight there (`DayFileFinder.hasDayFileInSight`); no other
  /// folder (a home folder, `/`) is taken for a journal by default.
  /// - Throws: a usage error for more than one journal (`--journal` given twice, or `--journals`):
  ///   only the cohort reports read several.
  static func journalPath(_ arguments: ParsedArguments) throws(CommandError) -> String {
    guard let path = try foundJournalPath(arguments) else {
      throw .io(
        "no journal found: no --journal DIR, no $DEMETER_JOURNAL, no ./journal folder, and no day file "
          + "(YYYY-MM-DD.jsonl) in this folder; make one with 'mkdir journal' here, or name it with "
          + "--journal DIR or DEMETER_JOURNAL=DIR")
    }
    return path
  }

  /// The journal folder as `journalPath` finds it, or nil when none is named or in sight (a command
  /// that also works outside any journal).
  static func foundJournalPath(_ arguments: ParsedArguments) throws(CommandError) -> String? {
    if arguments.all(journal).count > 1 || arguments.has(journals) {
      throw .usage("this command reads one journal; " + JournalSet.onlyCohortReports)
    }
    let path: String
    if let given = arguments.value(journal) {
      path = given
    } else if let fromEnvironment = EnvironmentVariable.journal.value {
      path = fromEnvironment
    } else if FileStatus.isFolder("journal") {
      path = "journal"
    } else if DayFileFinder.hasDayFileInSight(".") {
      path = "."
    } else {
      return nil
    }
    guard FileStatus.isFolder(path) else {
      throw .io(
        "journal folder \(AtomicFileWriter.quoted(path)) does not exist or is not a folder (use --journal "
          + "DIR)"
      )
    }
    try JournalSet.refuseRoot(path)
    return path
  }

  /// `--tz`, else `$DEMETER_TZ`, when given.
  static func timeZone(_ arguments: ParsedArguments) throws(CommandError) -> TimeZoneRule? {
    let (text, source) = setting(arguments, option: timeZone, environment: .timeZone)
    guard let text else { return nil }
    do {
      return try TimeZoneRule.parse(text)
    } catch {
      throw .usage("\(source): \(error.description)")
    }
  }

  /// `--week-start`, else `$DEMETER_WEEK_START`, when given.
  static func weekStart(_ arguments: ParsedArguments) throws(CommandError) -> WeekStart? {
    let (text, source) = setting(arguments, option: weekStart, environment: .weekStart)
    guard let text else { return nil }
    guard let start = WeekStart(parsing: text) else {
      throw .usage("\(source) must be monday, sunday or saturday (got '\(TerminalSafeText.escaped(text))')")
    }
    return start
  }

  /// A setting's text from the command line, else the environment (manual: journal precedence), with
  /// where it came from for messages.
  static func setting(_ arguments: ParsedArguments, option: OptionSpec, environment variable: EnvironmentVariable)
    -> (text: String?, source: String)
  {
    if let text = arguments.value(option) { return (text, "--\(option.long)") }
    if let text = variable.value { return (text, "$\(variable.name)") }
    return (nil, "--\(option.long)")
  }

  /// The settings every command that reads a journal takes over its config: `--tz`, `--week-start`
  /// and `--today` (or their variables).
  static func settings(_ arguments: ParsedArguments) throws(CommandError) -> ReportSettings {
    var settings = ReportSettings()
    settings.timeZone = try timeZone(arguments)
    settings.weekStart = try weekStart(arguments)
    settings.today = try givenToday(arguments)
    return settings
  }

  /// `--today`, when given.
  static func givenToday(_ arguments: ParsedArguments) throws(CommandError) -> CivilDate? {
    guard let text = arguments.value(today) else { return nil }
    switch CivilDate.parse(text) {
    case .success(let date): return date
    case .failure(let failure): throw .usage("--today must be a date like 2026-11-21: \(failure.message)")
    }
  }
}

extension JournalContext {
  /// The settings `arguments` give: `--sample`, else the journal folder (`CommonOptions.journalPath`);
  /// its config (whose errors end the command); `--tz`, `--week-start` and `--today` over it.
  init(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) {
    try self.init(
      folder: try CommonOptions.journalFolder(arguments), settings: try CommonOptions.settings(arguments),
      quiet: arguments.has(CommonOptions.quiet), &console)
  }
}
