import DemeterCore

/// What a report says about a journal's problems (manual: command-line).
public enum ReportProblems {
  /// Errors end the run when `strict` (each said, then `CommandError.journalErrors`); otherwise,
  /// unless `quiet`, each folder the journal's search could not read or stopped at is said (a few
  /// at most), one line says how many lines were skipped, and one how many lines are newer than the
  /// tool.
  /// - Parameter journal: the journal's name, said first, in a report of several.
  public static func say(
    _ diagnostics: [Diagnostic], skippedLines: Int, strict: Bool, quiet: Bool, _ console: inout Console,
    journal: String? = nil
  ) throws(CommandError) {
    let which = journal.map { "journal '\(TerminalSafeText.escaped($0))': " } ?? ""
    let errors = diagnostics.filter { $0.severity == .error }
    try failIfStrict(errors, strict: strict, &console)
    if skippedLines > 0 || !errors.isEmpty, !quiet {
      for problem in errors.lazy.filter(\.isSearchProblem).prefix(3) {
        console.error("demeter-report: \(which)\(problem.headline)")
      }
      let unreadable = errors.count(where: \.isUnreadableFile)
      let files =
        unreadable == 0 ? "" : "could not read \(count: unreadable, "day file") and "
      console.error(
        "demeter-report: \(which)\(files)skipped \(count: skippedLines, "invalid line") "
          + "(\(count: errors.count, "error")); run 'demeter-report check' for details")
    }
    if !quiet, let newer = EntrySchema.newerVersionSummary(diagnostics) {
      console.error("demeter-report: " + which + newer)
    }
  }

  /// The invalid lines of a journal's ingredient file (or the other line file `file` names, such as
  /// the body log): with `strict`, each said and the run ends; otherwise one note, unless `quiet`.
  public static func sayIngredientFile(
    _ diagnostics: [Diagnostic], strict: Bool, quiet: Bool, file: String = IngredientDatabase.fileName,
    _ console: inout Console
  ) throws(CommandError) {
    try failIfStrict(diagnostics, strict: strict, &console)
    if !diagnostics.isEmpty, !quiet {
      console.error(
        "demeter-report: skipped \(count: diagnostics.count, "invalid line") in "
          + "\(file); run 'demeter-report check' for details")
    }
  }

  /// With `strict`, a journal's errors end the run: each is said, and it ends with
  /// `CommandError.journalErrors`.
  public static func failIfStrict(_ errors: [Diagnostic], strict: Bool, _ console: inout Console)
    throws(CommandError)
  {
    guard strict, !errors.isEmpty else { return }
    errors.forEach { console.error($0.rendered) }
    throw .journalErrors(count: errors.count)
  }
}

extension ReportProblems {
  /// Says a journal's refusal of a write (bad input; nothing was written), or ends the run with an
  /// I/O error when it is an I/O problem.
  public static func sayRefusal(_ error: ModelError, _ console: inout Console) throws(CommandError) {
    if case .persistenceError = error { throw .io(error.message) }
    console.error("demeter-report: error: \(error.message)")
  }
}
