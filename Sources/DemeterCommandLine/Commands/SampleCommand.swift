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
    let zone = try CommonOptions.timeZoneRule(arguments)
    let today = try CommonOptions.today(arguments, zone: zone)
    let shown = TextEscaping.terminal(folder)
    if FileBytes.exists(folder) {
      guard FileStatus.isFolder(folder) else { throw .io("'\(shown)' exists and is not a folder") }
      if !arguments.has(force) {
        let existing = DayFileFinder.find(in: folder).files.count
        let hasIngredients = FileBytes.exists(JournalLayout(journal: folder).ingredients)
        if existing > 0 || hasIngredients {
          var holds: [String] = []
          if existing > 0 { holds.append("\(count: existing, "day file")") }
          if hasIngredients { holds.append(IngredientDatabase.fileName) }
          throw .usage(
            "'\(shown)' already holds a journal (\(holds.joined(separator: " and "))); "
              + "choose an empty folder, or use --force to write the sample over it")
        }
      }
    }
    let days = SampleJournal.dayFiles(endingOn: today)
    let written = try write(days, into: folder, waiting: try CommonOptions.lockWaiting(arguments))
    if !arguments.has(CommonOptions.quiet) {
      for file in written { console.print(TextEscaping.terminal(file)) }
      let first = today.adding(days: 1 - SampleJournal.dayCount)
      console.print(
        "wrote the sample journal (\(days.count) days, \(first)..\(today)) to \(shown); "
          + "try: demeter-report week --journal \(shown)")
    }
    return 0
  }

  /// Writes the sample's day files and ingredient database into `folder` as one transaction under
  /// the journal lock (as `add` and `fmt` write), so a concurrent writer loses nothing and a killed
  /// run leaves all of the sample or none of it; returns the paths written.
  private static func write(_ days: [DayFile], into folder: String, waiting: JournalLock.Waiting)
    throws(CommandError) -> [String]
  {
    do throws(OutputError) {
      try AtomicFileWriter.createFolders(folder)
    } catch {
      throw .io(error.message)
    }
    do throws(ModelError) {
      return try JournalLock.withLock(journal: folder, waiting: waiting) {
        () throws(ModelError) -> [String] in
        let transaction = JournalTransaction(journal: folder)
        for day in days {
          let name = day.path.split(separator: "/").last.map(String.init) ?? day.path
          try transaction.replace(JournalLayout.join(folder, name), with: day.contents ?? [])
        }
        try transaction.replace(
          JournalLayout(journal: folder).ingredients, with: SampleJournal.ingredientsText)
        let last = days.last?.date ?? CivilDate(dayNumber: 0)
        for file in SampleJournal.recipeFiles + [SampleJournal.planFile(endingOn: last)] {
          try transaction.replace(JournalLayout.join(folder, file.path), with: file.bytes)
        }
        try transaction.commit()
        return transaction.paths
      }
    } catch {
      throw .io(error.message)
    }
  }
}
