import DemeterReporting

/// Escaping of journal strings for Markdown table cells, headings and list items.
public enum MarkdownEscaping {
  /// Characters with a meaning in GitHub Markdown, each written with a backslash.
  static let special: Set<Character> = ["\\", "|", "*", "_", "`", "[", "]", "<", ">", "#", "~", "!", "&"]
  /// List markers: they start a block only at the start of a line and before a space.
  static let listMarkers: Set<Character> = ["-", "+"]

  /// `text` as literal Markdown: control characters made visible, line breaks as spaces,
  /// markup characters backslash-escaped (so `|` never splits a table cell), and a leading list
  /// marker or `1.` made literal.
  @Sendable public static func escape(_ text: String) -> String {
    var out = ""
    let characters = Array(TextEscaping.terminal(text))
    let leadingDigits = characters.prefix { $0.isASCII && $0.isNumber }.count
    for (index, character) in characters.enumerated() {
      if character == "\n" || character == "\r\n" || character == "\r" {
        out += " "
      } else if special.contains(character) || (index == 0 && listMarkers.contains(character) && (characters.count == 1 || characters[1] == " "))
        || (index == leadingDigits && leadingDigits > 0 && (character == "." || character == ")")
          && (index + 1 == characters.count || characters[index + 1] == " "))
      {
        out += "\\" + String(character)
      } else {
        out.append(character)
      }
    }
    return out
  }
}
