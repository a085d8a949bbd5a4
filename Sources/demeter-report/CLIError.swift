/// Everything that ends a command early; `main` turns it into text on stderr and an exit code
/// (manual: command-line: 1 journal errors, 2 usage, 3 I/O or plugin failure).
enum CLIError: Error {
  case usage(String)
  case journalErrors(count: Int)
  case io(String)

  var exitCode: Int32 {
    switch self {
    case .journalErrors: ExitStatus.journalErrors.rawValue
    case .usage: ExitStatus.usage.rawValue
    case .io: ExitStatus.failure.rawValue
    }
  }
}
