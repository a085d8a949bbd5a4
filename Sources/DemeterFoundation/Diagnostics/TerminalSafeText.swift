/// A journal line made safe to print on a terminal: control characters (C0 — line breaks included —,
/// DEL, C1), the line and paragraph separators U+2028 and U+2029, and the bidirectional controls
/// (Unicode's `Bidi_Control`: the marks ALM, LRM, RLM, the embeddings and overrides U+202A–U+202E,
/// the isolates U+2066–U+2069) become visible escapes, tabs spaces, and invalid UTF-8 becomes
/// U+FFFD, while remembering which output column each input byte maps to.
public struct TerminalSafeText: Sendable {
  /// The printable text.
  public var text: String
  /// For each input byte offset, the number of printed scalars before it; nil when the line is
  /// printable ASCII, printed as it is (one scalar per byte).
  private var scalarsBeforeByte: [Int]?

  /// The line made safe. A line of printable ASCII (most journal lines) is kept as it is, without
  /// looking at it one scalar at a time.
  public static func sanitize(_ line: String) -> TerminalSafeText {
    if isPrintableASCII(line) { return TerminalSafeText(text: line, scalarsBeforeByte: nil) }
    var out = String.UnicodeScalarView()
    var before: [Int] = []
    before.reserveCapacity(line.utf8.count + 1)
    var printed = 0
    for scalar in line.unicodeScalars {
      let width = UTF8.width(scalar)
      for _ in 0..<width { before.append(printed) }
      if scalar == "\t" {
        out.append(" ")
        printed += 1
      } else if isEscaped(scalar) {
        let escape = escape(scalar)
        out.append(contentsOf: escape)
        printed += escape.count
      } else {
        out.append(scalar)
        printed += 1
      }
    }
    before.append(printed)
    return TerminalSafeText(text: String(out), scalarsBeforeByte: before)
  }

  /// A journal- or environment-derived string (a meal, a key, a folder name, a setting,
  /// `$DEMETER_TZ`) for a message: escaped like `sanitize` does, tabs too, so nothing in it can move
  /// the cursor, change colours, reorder the line or start a new one. Text that needs no change
  /// (most of it) is returned as it is, found without building a new string.
  public static func escaped(_ text: String) -> String {
    if isPlain(text) { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" || isEscaped(scalar) {
        out.append(contentsOf: escape(scalar))
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// `text` with each of its lines `escaped`, the line breaks kept: for a message of several lines
  /// (a diagnostic's headline, excerpt and caret). Text of printable ASCII and line breaks is
  /// returned as it is.
  public static func escapedLines(_ text: String) -> String {
    var copy = text
    let isPlainText = copy.withUTF8 { bytes in
      bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == UInt8(ascii: "\n") }
    }
    if isPlainText { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
      .joined(separator: "\n")
  }

  /// Whether `sanitize` leaves `text` as it is: no tab and no scalar it escapes.
  public static func isPlain(_ text: String) -> Bool {
    if isPrintableASCII(text) { return true }
    return !text.unicodeScalars.contains { $0 == "\t" || isEscaped($0) }
  }

  /// Whether `text` is all printable ASCII (U+0020–U+007E), checked over its contiguous UTF-8 bytes.
  static func isPrintableASCII(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
  }

  /// `\u{1b}` for ESC.
  private static func escape(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
    "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars
  }

  /// Whether `scalar` is shown as a `\u{…}` escape.
  private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x09, 0x0A..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Spaces that put a caret under the given 1-based byte column.
  public func caretPadding(beforeByteColumn column: Int) -> String {
    guard let scalarsBeforeByte else {
      return String(repeating: " ", count: min(max(column - 1, 0), text.utf8.count))
    }
    let byteIndex = min(max(column - 1, 0), scalarsBeforeByte.count - 1)
    return String(repeating: " ", count: scalarsBeforeByte[byteIndex])
  }
}
