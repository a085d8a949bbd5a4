import DemeterCore

/// `fmt [FILE…]`: rewrites day files in canonical form (SPEC §9).
enum FmtCommand {
  static let command = Command(
    name: "fmt",
    abstract: "Rewrite day files in canonical form (or only check with --check).",
    usage: "fmt [FILE…] [options]",
    discussion: """
      Rewrites each day file of the journal (or the named files): keys in the order of the format,
      unknown keys kept after them, values and numbers exactly as written, lines sorted by timestamp
      then id, LF line ends, no BOM, no blank lines, one final newline. Running it twice changes nothing.
      A file with an invalid line is left untouched and its problems are printed. Files are rewritten
      under the journal lock, all at once (an interrupted run changes every file or none); the paths
      of the files changed are printed.
      --check writes nothing and prints the files that would change.
      Exits with 1 if a file has invalid lines (or, with --check, if a file would change), with 3 when
      a file cannot be read or written.
      """,
    examples: [
      ("fmt", "Put the whole journal in canonical form."),
      ("fmt --check", "List the files that are not in canonical form (exit 1 if any), e.g. in CI."),
      ("fmt journal/2026/2026-11-21.jsonl", "Format one day file."),
    ],
    options: [
      CommonOptions.journal,
      .flag("check", help: "Write nothing; list the files that would change and exit 1 if any."),
      CommonOptions.quiet,
      CommonOptions.lockTimeout,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    let journal = try CommonOptions.journalPath(arguments)
    let lockWaiting = try CommonOptions.lockWaiting(arguments)
    let check = arguments.has("check")
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
    do throws(ModelError) {
      try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
        let transaction = JournalTransaction(journal: journal)
        var staged: [String] = []
        for path in paths {
          let contents: DayFileContents
          do throws(ModelError) {
            contents = try DayFileContents.read(path)
          } catch {
            console.error("demeter-report: error: \(error.message)")
            ioFailures += 1
            continue
          }
          guard let formatted = DayFileFormatter.format(contents) else {
            for diagnostic in contents.diagnostics where diagnostic.severity == .error {
              console.error(diagnostic.rendered)
            }
            console.error("demeter-report: \(TerminalSafeText.escaped(path)) has invalid lines; left unchanged")
            invalid += 1
            continue
          }
          guard formatted != contents.bytes else { continue }
          changed += 1
          if check {
            console.print(TerminalSafeText.escaped(path))
            continue
          }
          do throws(ModelError) {
            try transaction.replace(path, with: formatted)
            staged.append(path)
          } catch {
            console.error("demeter-report: error: \(error.message)")
            ioFailures += 1
          }
        }
        try transaction.commit()
        for path in staged { console.print(TerminalSafeText.escaped(path)) }
      }
    } catch {
      throw .io(error.message)
    }
    if ioFailures > 0 {
      throw .io("\(ioFailures) file\(ioFailures == 1 ? "" : "s") could not be read or written (see above)")
    }
    if invalid > 0 || (check && changed > 0) { return 1 }
    return 0
  }
}
