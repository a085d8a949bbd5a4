/// Text that names no period; the description shows how periods are spelled.
public struct PeriodError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text as given.
  public var text: String
  /// What is wrong, e.g. `month 13 is out of range (01–12)` or `the range starts after it ends`.
  public var message: String

  public init(text: String, message: String) {
    self.text = text
    self.message = message
  }

  /// Examples of valid spellings, shown after every period error.
  public static let examples =
    "today, yesterday, monday, this week, last week, next week, this month, last month, march, "
    + "march 2025, this year, last year, last 4 weeks, last 30 days, last 3 months, 3 days ago, "
    + "2 weeks ago, 2026-11-21, 2026-W47, 2026-11, 2026, 2026-11-01..2026-11-21"

  /// `'2026-13' is not a period: month 13 is out of range (01–12); periods are written like …`.
  public var description: String {
    "'\(TerminalSafeText.escaped(text))' is not a period: \(message); periods are written like "
      + "\(PeriodError.examples)"
  }
}
