/// A journal line made safe to print on a terminal: control characters (C0, DEL, C1) and the
/// bidirectional controls (Unicode's `Bidi_Control`: the marks ALM, LRM, RLM, the embeddings and
/// overrides U+202A–U+202E, the isolates U+2066–U+2069) become visible escapes, tabs spaces,
/// and invalid UTF-8 becomes U+FFFD, while remembering which output column each input byte maps to.
public struct TerminalSafeText: Sendable {
  /// The printable text.
  public var text: String
  /// For each input byte offset, the number of printed scalars before it.
  private var scalarsBeforeByte: [Int]

  public static func sanitize(_ line: String) -> TerminalSafeText {
    var out = String.UnicodeScalarView()
    var before: [Int] = []
    before.reserveCapacity(line.utf8.count + 1)
    var printed = 0
    for scalar in line.unicodeScalars {
      let width = UTF8.width(scalar)
      for _ in 0..<width { before.append(printed) }
      switch scalar.value {
      case 0x09:
        out.append(" ")
        printed += 1
      case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        let escape = "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars
        out.append(contentsOf: escape)
        printed += escape.count
      default:
        out.append(scalar)
        printed += 1
      }
    }
    before.append(printed)
    return TerminalSafeText(text: String(out), scalarsBeforeByte: before)
  }

  /// Spaces that put a caret under the given 1-based byte column.
  public func caretPadding(beforeByteColumn column: Int) -> String {
    let byteIndex = min(max(column - 1, 0), scalarsBeforeByte.count - 1)
    return String(repeating: " ", count: scalarsBeforeByte[byteIndex])
  }
}
