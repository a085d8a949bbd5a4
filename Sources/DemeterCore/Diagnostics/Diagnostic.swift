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
