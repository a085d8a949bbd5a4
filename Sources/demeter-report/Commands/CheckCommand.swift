import DemeterCore

/// `check [FILE…]`: validates the journal (or the named day files) and lists every problem.
enum CheckCommand {
  static let command = Command(
    name: "check",
    abstract: "Check the journal (or the named day files) and list every problem.",
    usage: "check [FILE…] [options]",
    discussion: """
      Every problem is printed as path:line:column: error|warning: message, with the line and a caret.
      Exits with 1 if there are errors (with --strict, also if there are warnings), else 0.
      --strict also lists keys the tool does not know.
      """,
    examples: [
      ("check", "Check the whole journal."),
      ("check journal/2026/2026-11-21.jsonl", "Check one day file (e.g. from a pre-commit hook)."),
      ("check --strict", "Treat warnings and unknown keys as failures."),
    ],
    options: [CommonOptions.journal, CommonOptions.timeZone, CommonOptions.strict, CommonOptions.quiet],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    let strict = arguments.has("strict")
    let options = JournalLoadOptions(
      timeZone: try CommonOptions.timeZoneRule(arguments), collectWarnings: true, reportUnknownKeys: strict)
    let load: JournalLoad
    if arguments.positionals.isEmpty {
      load = JournalLoader.load(journal: try CommonOptions.journalPath(arguments), options: options)
    } else {
      load = JournalLoader.load(files: try dayFiles(arguments.positionals), options: options)
    }
    for diagnostic in load.diagnostics {
      console.error(diagnostic.rendered)
    }
    let failures = load.errorCount + (strict ? load.warningCount : 0)
    if !arguments.has("quiet") {
      console.print(
        "checked \(load.fileCount) file\(load.fileCount == 1 ? "" : "s"), \(load.table.count) valid entries: "
          + "\(load.errorCount) error\(load.errorCount == 1 ? "" : "s"), "
          + "\(load.warningCount) warning\(load.warningCount == 1 ? "" : "s")")
    }
    if failures > 0 { throw .journalErrors(count: failures) }
    return 0
  }

  private static func dayFiles(_ paths: [String]) throws(CLIError) -> [DayFile] {
    var files: [DayFile] = []
    for path in paths {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      files.append(DayFile(path: path, date: DayFileFinder.date(fromFileName: name)))
    }
    return files
  }
}
