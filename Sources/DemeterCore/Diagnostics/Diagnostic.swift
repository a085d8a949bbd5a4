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
  /// Whether this says that a day file could not be read at all (its entries are all missing).
  public var isUnreadableFile = false

  public init(_ severity: Severity, _ location: SourceLocation, _ message: String, lineText: String? = nil) {
    self.severity = severity
    self.location = location
    self.message = message
    self.lineText = lineText
  }

  /// The error for a day file at `path` that could not be read, for `reason`.
  public static func unreadableFile(_ path: String, _ reason: String) -> Diagnostic {
    var diagnostic = Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), reason)
    diagnostic.isUnreadableFile = true
    return diagnostic
  }

  /// `path:line:column: severity: message`, one line: the path (its folder names come from the
  /// journal) and the message (which may quote a key, a meal or an id) escaped for the terminal.
  public var headline: String {
    let path = TerminalSafeText.escaped(location.path)
    let message = TerminalSafeText.escaped(message)
    return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }

  /// Lines longer than this many bytes are shown as a window around the column.
  public static let shownLineBytes = 1024

  /// The headline followed, when the line is known, by the line (or, for a long line, the part
  /// around the column) and a caret under the column. Control characters are shown escaped.
  public var rendered: String {
    guard let lineText else { return headline }
    var bytes = Array(lineText.utf8)
    var column = location.column
    var prefix = ""
    var suffix = ""
    if bytes.count > Self.shownLineBytes {
      let half = Self.shownLineBytes / 2
      var start = max(0, min(column - 1 - half, bytes.count - Self.shownLineBytes))
      while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
      var end = min(bytes.count, start + Self.shownLineBytes)
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      prefix = start > 0 ? "…" : ""
      suffix = end < bytes.count ? "…" : ""
      column -= start
      bytes = Array(bytes[start..<end])
    }
    let shown = TerminalSafeText.sanitize(String(decoding: bytes, as: UTF8.self))
    let padding = String(repeating: " ", count: prefix.count) + shown.caretPadding(beforeByteColumn: column)
    return headline + "\n" + prefix + shown.text + suffix + "\n" + padding + "^"
  }
}
