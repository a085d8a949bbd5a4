/// The exit codes of the manual's `command-line` topic, declared once: errors map to them, and the help overview and the man
/// page's EXIT STATUS section are rendered from `all`.
public enum ExitStatus: Int32, CaseIterable, Sendable {
  case success = 0
  case journalErrors = 1
  case usage = 2
  case failure = 3

  /// A few words for the help overview's one line.
  public var summary: String {
    switch self {
    case .success: "success"
    case .journalErrors: "journal errors"
    case .usage: "usage error"
    case .failure: "I/O or plugin failure"
    }
  }

  /// The sentence the man page gives it.
  public var meaning: String {
    switch self {
    case .success: "Success."
    case .journalErrors:
      "The journal has errors (reports with --strict, or check; with check --strict, also warnings)."
    case .usage: "Usage error: an unknown command or option, a bad value, or a refused request."
    case .failure:
      "I/O or plugin failure: a file or folder that cannot be read or written, "
        + "or an external generator or template that fails."
    }
  }

  /// `Exit codes: 0 success, 1 journal errors, …` for the help overview.
  public static var helpLine: String {
    "Exit codes: " + allCases.map { "\($0.rawValue) \($0.summary)" }.joined(separator: ", ") + "."
  }
}
