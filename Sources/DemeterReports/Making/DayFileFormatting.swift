import DemeterCore

/// Day files rewritten in canonical form, or only checked (manual: command-line, `fmt`): each file
/// worked out apart, the changes committed as one transaction under the journal lock; the files
/// that change (or would) listed on standard output, the problems on standard error.
public struct DayFileFormatting: Sendable {
  /// Whether nothing is written: the files that would change are listed.
  public var checkOnly: Bool
  /// Whether lines of older schema versions are rewritten in the current one.
  public var upgrading: Bool
  /// No progress line.
  public var quiet = false

  /// How many files are worked out at once before their changes are staged (bounds the memory of a
  /// journal-wide rewrite).
  public static let batchSize = 64

  public init(checkOnly: Bool, upgrading: Bool) {
    self.checkOnly = checkOnly
    self.upgrading = upgrading
  }

  /// Formats `paths` (nil: every day file of `journal`) of the journal `journal`, waiting for its
  /// lock as `waiting` says.
  /// - Returns: false when a file has invalid lines or, when only checking, would change or has a
  ///   line of an older version.
  /// - Throws: an I/O error when a file could not be read or written.
  public func format(
    _ paths: [String]?, journal: String, waiting: JournalLock.Waiting, _ console: inout Console
  ) throws(CommandError) -> Bool {
    let wholeJournal = paths?.isEmpty ?? true
    var paths = paths ?? []
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
    let progress = ProgressLine(quiet: quiet, total: paths.count, isTerminal: console.isTerminal(.error))
    do throws(ModelError) {
      try JournalLock.withLock(journal: journal, waiting: waiting) { () throws(ModelError) in
        let transaction = JournalTransaction(journal: journal)
        var staged: [String] = []
        for start in stride(from: 0, to: paths.count, by: Self.batchSize) {
          let batch = Array(paths[start..<min(start + Self.batchSize, paths.count)])
          let outcomes = DayFileFormatter.outcomes(of: batch, checkOnly: checkOnly, upgrading: upgrading)
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
        if wholeJournal {
          switch try formatBodyLog(journal: journal, in: transaction, &console) {
          case .unchanged: break
          case .invalid: invalid += 1
          case .changed:
            changed += 1
            let path = JournalLayout(journal: journal).bodyLog
            if checkOnly { console.print(TerminalSafeText.escaped(path)) } else { staged.append(path) }
          }
        }
        try transaction.commit()
        for path in staged { console.print(TerminalSafeText.escaped(path)) }
      }
    } catch {
      throw .io(error.message)
    }
    if ioFailures > 0 {
      throw .io("\(count: ioFailures, "file") could not be read or written (see above)")
    }
    return invalid == 0 && !(checkOnly && changed + outdated > 0)
  }

  /// The canonical form of `file` (the day file read from standard input) to standard output (when
  /// only checking, its name when it would change and its lines not in the current version); false
  /// when it has invalid lines or, when only checking, would change or has such lines.
  public func formatStandardInput(_ file: DayFile, _ console: inout Console) -> Bool {
    let bytes = file.contents ?? []
    switch DayFileFormatter.outcome(path: file.path, bytes: bytes, checkOnly: checkOnly, upgrading: upgrading)
    {
    case .invalid(let errors):
      for diagnostic in errors { console.error(diagnostic.rendered) }
      console.error("demeter-report: \(TerminalSafeText.escaped(file.path)) has invalid lines")
      return false
    case .unreadable(let message):
      console.error("demeter-report: error: \(message)")
      return false
    case .unchanged:
      if !checkOnly { console.write(bytes) }
      return true
    case .wouldChange:
      console.print(TerminalSafeText.escaped(file.path))
      return false
    case .outdated(let lines, let wouldChange):
      for diagnostic in lines { console.error(diagnostic.headline) }
      if wouldChange { console.print(TerminalSafeText.escaped(file.path)) }
      return false
    case .formatted(let formatted):
      console.write(formatted)
      return true
    }
  }
}
