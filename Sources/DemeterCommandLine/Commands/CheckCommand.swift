import DemeterCore
import DemeterReporting
import DemeterReports
import ReportFormats

/// `check [FILE…]`: validates the journal (or the named day files) and lists every problem.
enum CheckCommand {
  static let command = Command(
    name: "check",
    abstract: "Check the journal (or the named day files) and list every problem.",
    positionals: [.repeated("FILE", isOptional: true)],
    discussion: """
      Every problem is printed as path:line:column: error|warning: message, with the line and a caret.
      Every error is listed; of each kind of warning (another-days-file, no-final-newline, …), the first \
      \(DiagnosticGroups.shownPerKind), then a count of each kind; --all lists every one. The journal's \
      .demeter.json silences kinds: "silencedWarnings": ["another-days-file"].
      Exits with 1 if there are errors (with --strict, also if there are warnings not silenced), else 0.
      A FILE given as '-' is read from stdin, shown as --stdin-name PATH (its name gives its date).
      With --quiet nothing is printed when there is no problem.
      --strict also lists keys the tool does not know and timestamps without a UTC offset. The journal's \
      ingredients.jsonl and .demeter.json,
      if present, are checked too, and entries whose matchedIngredientID the database lacks are warned about.
      So are the recipes (recipes/ID.json): their format, and ingredients and portions that cannot be \
      resolved.
      So are the meal plans (plans/NAME.json): their format, recipes and ingredients that cannot be resolved,
      and a day that two plans plan.
      A report format (-f, -o) lists the same problems, with a count of each kind; with --all, every one.
      """,
    examples: [
      ("check", "Check the whole journal."),
      ("check journal/2026/2026-11-21.jsonl", "Check one day file (e.g. from a pre-commit hook)."),
      ("check --strict", "Treat warnings and unknown keys as failures."),
      ("check --all", "List every warning, not the first few of each kind."),
      (
        "check -q --stdin-name journal/2026/2026-11-21.jsonl -",
        "Check that day file's text given on stdin (a hook: git show :PATH | …); silent when it is fine."
      ),
      (
        "check -f json -o check.json",
        "The problems as a JSON report (also "
          + "\(BuiltInFormats.names.filter { $0 != "json" }.joined(separator: ", ")))."
      ),
    ],
    options: [
      CommonOptions.journal, CommonOptions.sample, CommonOptions.today, CommonOptions.timeZone,
      CommonOptions.strict, CommonOptions.quiet, CommonOptions.noCache, CommonOptions.stdinName, all,
    ]
      + OutputOptions.all,
    run: run)

  static let all = OptionSpec.flag(
    "all", help: "List every warning, not the first \(DiagnosticGroups.shownPerKind) of each kind.")

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let piped = try CommonOptions.stdinDayFile(arguments, console)
    // Named files need no journal folder (its ingredients and config are checked when there is one).
    let source: CheckRequest.Source =
      arguments.positionals.isEmpty
      ? .journal(try CommonOptions.journalFolder(arguments))
      : .files(
        arguments.positionals.filter { $0 != "-" }, piped: piped,
        journal: try? CommonOptions.journalFolder(arguments))
    var request = CheckRequest(source, settings: try CommonOptions.settings(arguments))
    request.output = try OutputOptions.reportPlan(arguments)
    request.listsAll = arguments.has(all)
    CommonOptions.reading(&request, arguments)
    try ReportMaker.check(request, &console)
    return 0
  }
}
