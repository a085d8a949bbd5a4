import DemeterReporting

/// Escaping of journal strings for Markdown table cells, headings and list items.
public enum MarkdownEscaping {
  /// Characters with a meaning in GitHub Markdown, each written with a backslash.
  static let special: Set<Unicode.Scalar> = [
    "\\", "|", "*", "_", "`", "[", "]", "<", ">", "#", "~", "!", "&",
  ]
  /// Characters that only start a block (list, heading, quote) at the start of a line.
  static let specialFirst: Set<Unicode.Scalar> = ["-", "+", "=", ":"]

  /// `text` as literal Markdown: control characters made visible, line breaks as spaces, leading
  /// spaces dropped (Markdown shows none, and four would start a code block), markup characters
  /// backslash-escaped (so `|` never splits a table cell), and a leading list marker or `1.` made
  /// literal.
  @Sendable public static func escape(_ text: String) -> String {
    // Unicode scalars, not Characters: a `|` followed by a combining mark is one Character, but
    // still a pipe to a Markdown parser.
    let scalars = Array(TextEscaping.singleLine(text).unicodeScalars.drop { $0 == " " })
    let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
    let leadingDigits = scalars.prefix(while: isDigit).count
    // A sign before a digit (`-3`, `+5`) is a number, never a block marker.
    let signedNumber = scalars.count > 1 && isDigit(scalars[1])
    var out = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if special.contains(scalar) || (index == 0 && !signedNumber && specialFirst.contains(scalar))
        || (index == leadingDigits && leadingDigits > 0 && (scalar == "." || scalar == ")")
          && (index + 1 == scalars.count || scalars[index + 1] == " "))
      {
        out.append("\\")
      }
      out.append(scalar)
    }
    return String(out)
  }
}
