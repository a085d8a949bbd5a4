/// Where in a journal file something was found: 1-based line and byte column.
public struct SourceLocation: Sendable, Hashable, Comparable {
  public var path: String
  public var line: Int
  public var column: Int

  public init(path: String, line: Int, column: Int) {
    self.path = path
    self.line = line
    self.column = column
  }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.path, a.line, a.column) < (b.path, b.line, b.column)
  }
}

/// A located problem in the input, rendered the way compilers do:
/// `path:line:column: error: message`, then the offending line and a caret under the spot.
public struct Diagnostic: Sendable, Hashable, Error {
  public enum Severity: String, Sendable, Hashable {
    case error, warning
  }

  public var severity: Severity
  public var location: SourceLocation
  public var message: String
  /// The part of the offending line shown under the message with a caret, if known (bounded:
  /// see `LineExcerpt`).
  public var excerpt: LineExcerpt?
  /// The kind of a warning `check` counts and lists together with others of its kind, if any.
  public var kind: WarningKind?
  /// How many warnings this one stands for: more than 1 for one that counts the warnings of its
  /// kind left out of a file (`LineProblems.leftOutOfFile`), where only the first few are kept.
  public var count = 1
  /// Whether this says that a day file could not be read at all (its entries are all missing).
  public var isUnreadableFile = false
  /// Whether this says that the search of a journal could not read a folder or stopped (the day
  /// files there are all missing), rather than something about one file.
  public var isSearchProblem = false

  public init(
    _ severity: Severity, _ location: SourceLocation, _ message: String, excerpt: LineExcerpt? = nil,
    kind: WarningKind? = nil
  ) {
    self.severity = severity
    self.location = location
    self.message = message
    self.excerpt = excerpt
    self.kind = kind
  }

  /// A warning of `kind` at `location`.
  public static func warning(_ kind: WarningKind, _ location: SourceLocation, _ message: String) -> Diagnostic {
    Diagnostic(.warning, location, message, kind: kind)
  }

  /// A diagnostic showing the part of the line `lineText` around its column.
  public init(_ severity: Severity, _ location: SourceLocation, _ message: String, lineText: String?) {
    self.init(
      severity, location, message,
      excerpt: lineText.map { LineExcerpt(lineText: $0, around: location.column) })
  }

  /// The error for a day file at `path` that could not be read, for `reason`.
  public static func unreadableFile(_ path: String, _ reason: String) -> Diagnostic {
    var diagnostic = Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), reason)
    diagnostic.isUnreadableFile = true
    return diagnostic
  }

  /// The error for a folder at `path` that the search of a journal could not read or stopped at.
  public static func searchProblem(_ path: String, _ reason: String) -> Diagnostic {
    var diagnostic = Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), reason)
    diagnostic.isSearchProblem = true
    return diagnostic
  }

  /// `path:line:column: severity: message`, one line: the path (its folder names come from the
  /// journal) and the message (which may quote a key, a meal or an id) escaped for the terminal.
  public var headline: String {
    let path = TerminalSafeText.escaped(location.path)
    let message = TerminalSafeText.escaped(message)
    return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }

  /// The headline followed, when the line is known, by its excerpt (`…` where the line goes on)
  /// and a caret under the column. Control characters are shown escaped.
  public var rendered: String {
    guard let excerpt else { return headline }
    let prefix = excerpt.isCutBefore ? "…" : ""
    let suffix = excerpt.isCutAfter ? "…" : ""
    let shown = TerminalSafeText.sanitize(excerpt.text)
    let padding =
      String(repeating: " ", count: prefix.count)
      + shown.caretPadding(beforeByteColumn: location.column - excerpt.firstColumn + 1)
    return headline + "\n" + prefix + shown.text + suffix + "\n" + padding + "^"
  }
}
