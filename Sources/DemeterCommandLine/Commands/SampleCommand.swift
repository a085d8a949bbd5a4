import DemeterCore
import DemeterReporting
import DemeterReports

/// `sample DIR`: writes the built-in sample journal (the one `--sample` reads) into a folder, as day
/// files and an ingredient database, so `--journal DIR` gives the same reports as `--sample`.
enum SampleCommand {
  static let force = OptionSpec.flag(
    "force", help: "Write even if DIR already holds a journal (files of the same name are replaced).")

  static let command = Command(
    name: "sample",
    abstract: "Write the built-in sample journal (four weeks ending today) into a folder.",
    positionals: [.required("DIR")],
    discussion: """
      Writes \(SampleJournal.dayCount) day files YYYY-MM-DD.jsonl, the last one for today (or --today),
      \(IngredientDatabase.fileName), the sample's recipes (recipes/ID.json) and its meal plan for the
      last seven days (plans/NAME.json) into DIR, creating it, all at once (one transaction under the
      journal lock, as every write), and prints their paths. 'demeter-report week --journal DIR' then
      reports what 'demeter-report week --sample' does (with the same --today). A DIR that already holds day \
      files or an \(IngredientDatabase.fileName)
      is refused, unless --force: then the sample's files replace those of the same name and other
      files are left alone.
      """,
    examples: [
      ("sample try-journal", "A journal to try the tool on, ending today."),
      (
        "sample demo --today 2026-11-22 && demeter-report week --journal demo --today 2026-11-22",
        "A fixed sample and its week report."
      ),
      ("sample demo --force", "Write the sample again over an earlier one."),
    ],
    options: [
      CommonOptions.today, CommonOptions.timeZone, force, CommonOptions.lockTimeout, CommonOptions.quiet,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard let folder = arguments.positionals.first else {
      throw .usage("sample needs a folder to write to, e.g. 'demeter-report sample try-journal'")
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("sample writes into one folder, got \(count: arguments.positionals.count, "argument")")
    }
    // The folder is no journal yet: the options alone give the day the sample ends on.
    let today = JournalContext(
      folder: nil, config: JournalConfig(), settings: try CommonOptions.settings(arguments)
    )
    .today
    let shown = TextEscaping.terminal(folder)
    if FileBytes.exists(folder) {
      guard FileStatus.isFolder(folder) else { throw .io("'\(shown)' exists and is not a folder") }
      if !arguments.has(force), let holds = SampleJournal.journalHeld(in: folder) {
        throw .usage(
          "'\(shown)' already holds a journal (\(holds)); choose an empty folder, or use --force to write the "
            + "sample over it")
      }
    }
    let days = SampleJournal.dayFiles(endingOn: today)
    let waiting = try CommonOptions.lockWaiting(arguments)
    let written: [String]
    do throws(OutputError) {
      try AtomicFileWriter.createFolders(folder)
    } catch {
      throw .io(error.message)
    }
    do throws(ModelError) {
      written = try SampleJournal.write(days, into: folder, waiting: waiting)
    } catch {
      throw .io(error.message)
    }
    if !arguments.has(CommonOptions.quiet) {
      for file in written { console.print(TextEscaping.terminal(file)) }
      let first = today.adding(days: 1 - SampleJournal.dayCount)
      console.print(
        "wrote the sample journal (\(days.count) days, \(first)..\(today)) to \(shown); "
          + "try: demeter-report week --journal \(shown)")
    }
    return 0
  }
}
