import DemeterCore
import DemeterReports

/// The settings a command that changes a journal's files runs with (`add`, `edit`, `rm`, `fmt`,
/// `import`, `ingredients add|rm|import`), the writing sibling of `JournalContext`, resolved once
/// per run: the journal folder (`CommonOptions.journalPath`) and its layout, and how a write waits
/// for its lock (`--lock-timeout`). The zone new timestamps are written in is resolved when a
/// command asks (`writingZone`): only the commands that write timestamps read the journal's config.
struct JournalWriteContext {
  /// The journal folder's layout (`layout.journal` is the folder, as given).
  let layout: JournalLayout
  let lockWaiting: JournalLock.Waiting

  /// The journal `arguments` name, and how to wait for its lock.
  /// - Throws: the journal folder's error, else `--lock-timeout`'s.
  init(_ arguments: ParsedArguments) throws(CommandError) {
    layout = JournalLayout(journal: try CommonOptions.journalPath(arguments))
    lockWaiting = try CommonOptions.lockWaiting(arguments)
  }

  /// The journal folder, as given.
  var journal: String { layout.journal }

  /// The journal's entries, written under its lock, waiting as `lockWaiting` says.
  var entries: FoodEntryRepository { FoodEntryRepository(journal: journal, lockWaiting: lockWaiting) }

  /// The journal's settings with the options over them (`JournalContext`), resolved as for any
  /// command that reads it; its config's errors end the command.
  func settings(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> JournalContext
  {
    try JournalContext(
      folder: journal, settings: try CommonOptions.settings(arguments),
      quiet: arguments.has(CommonOptions.quiet),
      &console)
  }

  /// The zone whose offset new times are written with: the journal's zone (`settings`), else the
  /// machine's zone.
  func writingZone(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError)
    -> TimeZoneRule
  {
    Self.writingZone(of: try settings(arguments, &console))
  }

  /// The zone whose offset new times are written with, given the journal's `settings`.
  static func writingZone(of settings: JournalContext) -> TimeZoneRule {
    settings.zone == .asWritten ? .local : settings.zone
  }
}
