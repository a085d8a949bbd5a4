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

  /// How many files are worked out at once before their changes are staged (bounds the memory of a
  /// journal-wide rewrite).
  static let batchSize = 64

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let check = arguments.has(check)
    let upgrade = arguments.has(upgrade)
    if let stdin = try CommonOptions.stdinDayFile(arguments, console) {
      guard arguments.positionals.count == 1 else { throw .usage("'-' (stdin) is formatted alone") }
      switch stdin {
      case .success(let file): return formatStandardInput(file, check: check, upgrade: upgrade, &console)
      case .failure(let problem):
        throw .io("cannot read \(TerminalSafeText.escaped(problem.location.path)): \(problem.message)")
      }
    }
    let context = try JournalWriteContext(arguments)
    let journal = context.journal
    var paths = arguments.positionals
    var ioFailures = 0
    if paths.isEmpty {
      let found = DayFileFinder.find(in: journal)
      for problem in found.problems { console.error(problem.rendered) }
      // What the search could not read (a day file linked in a loop, a folder) is not formatted.
      ioFailures = found.problems.count { $0.severity == .error }
      paths = found.files.map(\.path)
    }
    var invalid = 0
    var changed = 0
    var outdated = 0
    let progress = ProgressLine(quiet: arguments.has(CommonOptions.quiet), total: paths.count, isTerminal: console.isTerminal(.error))
    do throws(ModelError) {
      try JournalLock.withLock(journal: journal, waiting: context.lockWaiting) { () throws(ModelError) in
        let transaction = JournalTransaction(journal: journal)
        var staged: [String] = []
        for start in stride(from: 0, to: paths.count, by: batchSize) {
          let batch = Array(paths[start..<min(start + batchSize, paths.count)])
          let outcomes = DayFileFormatter.outcomes(of: batch, checkOnly: check, upgrading: upgrade)
          for (path, outcome) in zip(batch, outcomes) {
            switch outcome {
            case .unchanged:
              continue
            case .unreadable(let message):
              progress.clear()
              console.error("demeter-report: error: \(message)")
              ioFailures += 1
            case .invalid(let errors):
              progress.clear()
              for diagnostic in errors { console.error(diagnostic.rendered) }
              console.error(
                "demeter-report: \(TerminalSafeText.escaped(path)) has invalid lines; left unchanged")
              invalid += 1
            case .wouldChange:
              changed += 1
              progress.clear()
              console.print(TerminalSafeText.escaped(path))
            case .outdated(let lines, let wouldChange):
              progress.clear()
              for diagnostic in lines { console.error(diagnostic.headline) }
              outdated += lines.count
              if wouldChange {
                changed += 1
                console.print(TerminalSafeText.escaped(path))
              }
            case .formatted(let formatted):
              changed += 1
              do throws(ModelError) {
                try transaction.replace(path, with: formatted)
                staged.append(path)
              } catch {
                progress.clear()
                console.error("demeter-report: error: \(error.message)")
                ioFailures += 1
              }
            }
          }
          progress.advance(to: start + batch.count)
        }
        progress.clear()
        try transaction.commit()
        for path in staged { console.print(TerminalSafeText.escaped(path)) }
      }
    } catch {
      throw .io(error.message)
    }
    if ioFailures > 0 {
      throw .io("\(count: ioFailures, "file") could not be read or written (see above)")
    }
    if invalid > 0 || (check && changed + outdated > 0) { return 1 }
    return 0
  }

  /// `fmt -`: the canonical form of the day file on stdin to stdout (with `--check`, its name when
  /// it would change and its lines not in the current version); 1 when it has invalid lines or,
  /// with `--check`, would change or has such lines.
  private static func formatStandardInput(
    _ file: DayFile, check: Bool, upgrade: Bool, _ console: inout Console
  ) -> Int32 {
    let bytes = file.contents ?? []
    switch DayFileFormatter.outcome(path: file.path, bytes: bytes, checkOnly: check, upgrading: upgrade) {
    case .invalid(let errors):
      for diagnostic in errors { console.error(diagnostic.rendered) }
      console.error("demeter-report: \(TerminalSafeText.escaped(file.path)) has invalid lines")
      return 1
    case .unreadable(let message):
      console.error("demeter-report: error: \(message)")
      return 1
    case .unchanged:
      if !check { console.write(bytes) }
      return 0
    case .wouldChange:
      console.print(TerminalSafeText.escaped(file.path))
      return 1
    case .outdated(let lines, let wouldChange):
      for diagnostic in lines { console.error(diagnostic.headline) }
      if wouldChange { console.print(TerminalSafeText.escaped(file.path)) }
      return 1
    case .formatted(let formatted):
      console.write(formatted)
      return 0
    }
  }
}
