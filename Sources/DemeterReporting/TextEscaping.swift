import DemeterCore

/// Making journal strings safe for the places they land in, shared by generators.
public enum TextEscaping {
  /// The text with every control character (C0, DEL, C1) and bidirectional control (the marks
  /// ALM, LRM, RLM, embeddings, overrides and isolates) shown as a visible `\u{…}` escape and tabs
  /// as spaces, so nothing from a journal can move the cursor, change colours or reorder a
  /// terminal line.
  public static func terminal(_ text: String) -> String {
    isPlain(text) ? text : TerminalSafeText.sanitize(text).text
  }

  /// `terminal(text)` on one line: every line break (LF, CR, CRLF, U+2028, …) becomes a space
  /// first, so it is not shown as an escape. For cells, headings and list items of documents.
  @Sendable public static func singleLine(_ text: String) -> String {
    isPlain(text) ? text : terminal(String(text.map { $0.isNewline ? " " : $0 }))
  }

  /// Whether no scalar of `text` is one that `terminal` or `singleLine` changes: a control
  /// character (which includes every line break but U+2028 and U+2029), U+2028, U+2029 or a
  /// bidirectional control. Most journal strings, answered without building new ones; a pass over
  /// the bytes for ASCII text.
  private static func isPlain(_ text: String) -> Bool {
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return true }
    return !text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
      default: false
      }
    }
  }
}
