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
  /// The text of the offending line, if known (shown under the message with a caret).
  public var lineText: String?

  public init(_ severity: Severity, _ location: SourceLocation, _ message: String, lineText: String? = nil) {
    self.severity = severity
    self.location = location
    self.message = message
    self.lineText = lineText
  }

  /// `path:line:column: severity: message`, one line.
  public var headline: String {
    "\(location.path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }

  /// The headline followed, when the line is known, by the line and a caret under the column.
  public var rendered: String {
    guard let lineText else { return headline }
    let shown = TerminalSafeText.sanitize(lineText)
    return headline + "\n" + shown.text + "\n" + shown.caretPadding(beforeByteColumn: location.column) + "^"
  }
}
