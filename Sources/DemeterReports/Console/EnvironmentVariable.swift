import DemeterCore

/// The environment variables the program reads, declared once: the code reads them by case and the
/// man page lists `allCases` with their meaning.
package enum EnvironmentVariable: String, CaseIterable {
  case journal = "DEMETER_JOURNAL"
  case timeZone = "DEMETER_TZ"
  case weekStart = "DEMETER_WEEK_START"
  case lowConfidence = "DEMETER_LOW_CONFIDENCE"
  case highConfidence = "DEMETER_HIGH_CONFIDENCE"
  case noCache = "DEMETER_NO_CACHE"
  case noColor = "NO_COLOR"
  case columns = "COLUMNS"
  case configHome = "XDG_CONFIG_HOME"
  case path = "PATH"

  package var name: String { rawValue }

  /// The value, when the variable is set and not empty.
  package var value: String? { ProcessEnvironment.nonEmptyValue(rawValue) }

  /// What the variable does, for the man page.
  package var meaning: String {
    switch self {
    case .journal: "The journal folder when --journal is not given (else ./journal if it exists, else .)."
    case .timeZone:
      "The time zone days are counted in when --tz is not given (UTC, +05:30, Europe/Berlin, local)."
    case .weekStart: "The first day of a week when --week-start is not given: monday, sunday or saturday."
    case .lowConfidence: "The low-confidence threshold when --low-confidence is not given (default 0.5)."
    case .highConfidence: "The high-confidence threshold when --high-confidence is not given (default 0.8)."
    case .noCache:
      "When set and not empty, reports parse every day file and keep nothing in "
        + "\(JournalLayout.shown.cache)/ "
        + "(as with --no-cache)."
    case .noColor: "When set and not empty, text output has no colour (as with --no-color)."
    case .columns:
      "The terminal's width, 20–1000 columns, that text output shown on a terminal fits (default: what the "
        + "terminal says, else 80); output that is not shown on a terminal is never cut to a width."
    case .configHome:
      "User templates are read from $XDG_CONFIG_HOME/demeter-report/templates/ (default "
        + "~/.config/demeter-report/templates/)."
    case .path: "Searched for external generators: a program demeter-report-NAME is the format NAME."
    }
  }
}

extension JournalLayout {
  /// The layout as help and the man page name it: `<journal>/.demeter.json`, ….
  package static let shown = JournalLayout(journal: "<journal>")
}
