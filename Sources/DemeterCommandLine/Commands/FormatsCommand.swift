import DemeterCore
import DemeterReporting
import DemeterReports

/// `formats`: every report format available here, with where it comes from (manual: output).
enum FormatsCommand {
  static let command = Command(
    name: "formats",
    abstract: "List the report formats: built-in, templates and external generators.",
    positionals: [],
    discussion: """
      Built-in generators come with the tool. Templates are NAME.EXT.mustache files in
      $XDG_CONFIG_HOME/demeter-report/templates/ (they override a built-in of the same name) or
      \(JournalLayout.shown.templates)/ (they never do: use --template PATH for one). External generators \
      are programs named demeter-report-NAME on PATH:
      they get the JSON report model on standard input and write the report to standard output.
      """,
    examples: [("formats", "What --format accepts here.")],
    options: [CommonOptions.journal],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let journal =
      arguments.has(CommonOptions.journal)
      ? try CommonOptions.journalPath(arguments) : try? CommonOptions.journalPath(arguments)
    let catalog = FormatCatalog(journal: journal)
    let rows = catalog.entries.flatMap { entry in
      [[entry.name, "." + entry.fileExtension, entry.origin.rawValue, TextEscaping.terminal(entry.source)]]
        + entry.aliases.map {
          [$0, "." + entry.fileExtension, entry.origin.rawValue, "another name for \(entry.name)"]
        }
    }
    for line in TextColumns.lines(rows) { console.print(line) }
    return 0
  }
}
