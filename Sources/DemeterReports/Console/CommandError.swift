import DemeterCore

/// Everything that ends a command or a report early; the command line turns it into text on stderr
/// and an exit code (manual: command-line: 1 journal errors, 2 usage, 3 I/O or plugin failure).
public enum CommandError: Error {
  case usage(String)
  case journalErrors(count: Int)
  case io(String)

  public var exitCode: Int32 {
    switch self {
    case .journalErrors: ExitStatus.journalErrors.rawValue
    case .usage: ExitStatus.usage.rawValue
    case .io: ExitStatus.failure.rawValue
    }
  }
}

extension CommandError {
  /// The error of a write to the journal: a refusal (`ModelError.validationError`: the file would
  /// break a rule of its reader or of the journal; nothing was written) is a usage error, anything
  /// else an I/O failure.
  public static func writing(_ error: ModelError) -> CommandError {
    if case .validationError(let refusal) = error { return .usage(refusal) }
    return .io(error.message)
  }
}
