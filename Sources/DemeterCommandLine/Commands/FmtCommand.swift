import DemeterCore
import DemeterReports

/// `fmt [FILE…]`: rewrites day files in canonical form (manual: writing).
enum FmtCommand {
  static let command = Command(
    name: "fmt",
    abstract: "Rewrite day files in canonical form (or only check with --check).",
    positionals: [.repeated("FILE", isOptional: true)],
    discussion: """
      Rewrites each day file of the journal (or the named files): keys in the order of the format,
      unknown keys kept after them, values and numbers exactly as written, lines sorted by timestamp
      then id, LF line ends, no BOM, no blank lines, one final newline. Running it twice changes nothing.
      A file with an invalid line is left untouched and its problems are printed. Files are rewritten
      under the journal lock, all at once (an interrupted run changes every file or none); only the
      files that change are written, and their paths are printed. A file already in canonical form is
      only scanned, so checking a formatted journal takes about as long as reading it for a report.
      --check writes nothing and prints the files that would change, and each line not in the
      current schema version (FILE:LINE, with why). --upgrade also rewrites those lines in the
      current version (one migration per version step; lines already current stay byte-identical);
      running it twice changes nothing.
      A FILE given as '-' is read from stdin (shown as --stdin-name PATH): its canonical form is
      written to stdout, or with --check only its name when it would change.
      Exits with 1 if a file has invalid lines (or, with --check, if a file would change or has a line
      not in the current version), with 3 when a file cannot be read or written.
      """,
    examples: [
      ("fmt", "Put the whole journal in canonical form."),
      ("fmt --check", "List the files that are not in canonical form (exit 1 if any), e.g. in CI."),
      ("fmt journal/2026/2026-11-21.jsonl", "Format one day file."),
      ("fmt --upgrade", "Rewrite every line in the current schema version."),
      (
        "fmt --check --stdin-name journal/2026/2026-11-21.jsonl -",
        "Whether that day file's text given on stdin is formatted (a hook: git show :PATH | …)."
      ),
    ],
    options: [
      CommonOptions.journal,
      check, upgrade,
      CommonOptions.quiet,
      CommonOptions.lockTimeout,
      CommonOptions.stdinName,
    ],
    run: run)

  static let check = OptionSpec.flag(
    "check",
    help: "Write nothing; list the files that would change and the lines not in the current schema version; "
      + "exit 1 if any.")
  static let upgrade = OptionSpec.flag(
    "upgrade", help: "Also rewrite lines of older schema versions in the current one.")

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    var request = DayFileFormatting(checkOnly: arguments.has(check), upgrading: arguments.has(upgrade))
    request.quiet = arguments.has(CommonOptions.quiet)
    if let stdin = try CommonOptions.stdinDayFile(arguments, console) {
      guard arguments.positionals.count == 1 else { throw .usage("'-' (stdin) is formatted alone") }
      switch stdin {
      case .success(let file): return request.formatStandardInput(file, &console) ? 0 : 1
      case .failure(let problem):
        throw .io("cannot read \(TerminalSafeText.escaped(problem.location.path)): \(problem.message)")
      }
    }
    let context = try JournalWriteContext(arguments)
    let clean = try request.format(
      arguments.positionals.isEmpty ? nil : arguments.positionals, journal: context.journal,
      waiting: context.lockWaiting, &console)
    return clean ? 0 : 1
  }
}
