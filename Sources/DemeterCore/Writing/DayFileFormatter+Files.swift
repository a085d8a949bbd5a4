import DemeterFoundation
import DemeterJournal
import Dispatch

extension DayFileFormatter {
  /// What formatting one day file gives.
  public enum Outcome: Sendable, Equatable {
    /// The file is in canonical form already.
    case unchanged
    /// The file's canonical bytes, which differ from its bytes.
    case formatted([UInt8])
    /// The file is not in canonical form (when only checking: its canonical bytes are not made).
    case wouldChange
    /// When only checking: these lines are not in the current schema version (an error at each),
    /// and whether the file would change too.
    case outdated([Diagnostic], wouldChange: Bool)
    /// A line is not a valid entry; these are the errors (the file is left alone).
    case invalid([Diagnostic])
    /// The file could not be read; the reason.
    case unreadable(String)
  }

  /// What formatting `bytes`, the contents of `path`, gives: through `quickFormat` (or, when
  /// `checkOnly`, `quickCheck`) when it can, else by reading every line into an entry (`format`).
  /// With `checkOnly` a file that changes is `wouldChange`, never `formatted`, and one with lines
  /// not in the current schema version is `outdated`. With `upgrading`, lines are put in the
  /// current version (`fmt --upgrade`).
  ///
  /// The quick paths pass over only lines the fast scanner accepts, which are current: it declines
  /// the keys schema steps added (`alcohol`) and versions newer than the tool, and no step
  /// migrates a line it accepts (see `EntrySchema.steps`).
  public static func outcome(
    path: String, bytes: [UInt8], checkOnly: Bool = false, upgrading: Bool = false
  ) -> Outcome {
    if checkOnly, let same = quickCheck(bytes) { return same ? .unchanged : .wouldChange }
    if !checkOnly, let quick = quickFormat(bytes) { return quick == bytes ? .unchanged : .formatted(quick) }
    let contents = DayFileContents(path: path, bytes: bytes)
    guard let formatted = format(contents, upgrading: upgrading) else {
      return .invalid(contents.diagnostics.filter { $0.severity == .error })
    }
    if checkOnly {
      let outdated = outdatedLines(contents)
      if !outdated.isEmpty { return .outdated(outdated, wouldChange: formatted != bytes) }
    }
    if formatted == bytes { return .unchanged }
    return checkOnly ? .wouldChange : .formatted(formatted)
  }

  /// The outcome of each file of `paths` (read from disk), in order, worked out on `threads`
  /// threads at once.
  public static func outcomes(
    of paths: [String], checkOnly: Bool = false, upgrading: Bool = false, threads: Int = ProcessorCount.active
  ) -> [Outcome] {
    let slots = Slots<Outcome>(count: paths.count)
    let workers = max(1, min(threads, paths.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: paths.count, by: workers) {
        do throws(FileBytes.ReadError) {
          let bytes = try FileBytes.read(paths[index], limit: .dayFile)
          slots[index] = outcome(path: paths[index], bytes: bytes, checkOnly: checkOnly, upgrading: upgrading)
        } catch {
          slots[index] = .unreadable("cannot read '\(paths[index])': \(error.message)")
        }
      }
    }
    return slots.takeValues()
  }
}
