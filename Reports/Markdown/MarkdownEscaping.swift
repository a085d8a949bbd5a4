import DemeterReporting

/// Escaping of journal strings for Markdown table cells, headings and list items.
public enum MarkdownEscaping {
  /// Characters with a meaning in GitHub Markdown, each written with a backslash.
  static let special: Set<Character> = ["\\", "|", "*", "_", "`", "[", "]", "<", ">", "#", "~", "!", "&"]
  /// Characters that only start a block (list, heading, quote) at the start of a line.
  static let specialFirst: Set<Character> = ["-", "+", "=", ":"]

  /// `text` as literal Markdown: control characters made visible, line breaks as spaces,
  /// markup characters backslash-escaped (so `|` never splits a table cell), and a leading list
  /// marker or `1.` made literal.
  @Sendable public static func escape(_ text: String) -> String {
    var out = ""
    let characters = Array(TextEscaping.singleLine(text))
    let leadingDigits = characters.prefix { $0.isASCII && $0.isNumber }.count
    // A sign before a digit (`-3`, `+5`) is a number, never a block marker.
    let signedNumber = characters.count > 1 && characters[1].isASCII && characters[1].isNumber
    for (index, character) in characters.enumerated() {
      if special.contains(character) || (index == 0 && !signedNumber && specialFirst.contains(character))
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
