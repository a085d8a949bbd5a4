import DemeterCore

/// Making journal strings safe for the places they land in, shared by generators.
public enum TextEscaping {
  /// The text with every control character (C0, DEL, C1), U+2028, U+2029 and bidirectional control
  /// (the marks ALM, LRM, RLM, embeddings, overrides and isolates) shown as a visible `\u{…}` escape
  /// and tabs as spaces, so nothing from a journal can move the cursor, change colours or reorder a
  /// terminal line.
  public static func terminal(_ text: String) -> String {
    TerminalSafeText.isPlain(text) ? text : TerminalSafeText.sanitize(text).text
  }

  /// `terminal(text)` on one line: every line break (LF, CR, CRLF, U+2028, …) becomes a space
  /// first, so it is not shown as an escape. For cells, headings and list items of documents.
  @Sendable public static func singleLine(_ text: String) -> String {
    TerminalSafeText.isPlain(text) ? text : terminal(String(text.map { $0.isNewline ? " " : $0 }))
  }
}
