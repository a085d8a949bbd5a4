/// The two whitespace sets that Foundation's `CharacterSet` names `whitespaces` and
/// `whitespacesAndNewlines`, and trimming by them, in plain Swift (the tool links no Foundation).
///
/// Trimming works on Unicode scalars, as Foundation's `trimmingCharacters(in:)` does: a combining
/// mark after a trailing space keeps that space.
public enum UnicodeWhitespace {
  /// Tab (U+0009), the space separators (general category Zs, e.g. U+0020, U+00A0, U+3000) and,
  /// as in Foundation, the zero width space U+200B.
  public static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || scalar == "\t" }
    return scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{200B}"
  }

  /// `isSpace`, the line ends U+000A–U+000D and U+0085, and the line and paragraph separators
  /// (general categories Zl and Zp).
  public static func isSpaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || ("\t"..."\r").contains(scalar) }
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
    default: return scalar == "\u{85}" || scalar == "\u{200B}"
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing tabs and space separators (`trimmingCharacters(in:
  /// .whitespaces)`).
  /// - Complexity: O(n) in the number of scalars trimmed, plus a copy of the rest.
  public func trimmingSpaces() -> String {
    trimmingScalars(where: UnicodeWhitespace.isSpace)
  }

  /// The text without leading and trailing whitespace and line ends (`trimmingCharacters(in:
  /// .whitespacesAndNewlines)`).
  public func trimmingSpacesAndNewlines() -> String {
    trimmingScalars(where: UnicodeWhitespace.isSpaceOrNewline)
  }

  private func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}
