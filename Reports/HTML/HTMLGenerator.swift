import DemeterReporting

/// One self-contained HTML page (manual: output), rendered from `Templates/html.html.mustache`:
/// inline CSS and SVG charts, no JavaScript, no network, light/dark and print styles, real tables
/// with captions; every journal string HTML-escaped by the template engine, after `escape(_:)`
/// makes its control characters and noncharacters visible (NUL, ESC or U+FFFF would make the page
/// invalid).
public struct HTMLGenerator: BuiltInTemplateFormat {
  public let name = "html"
  public let fileExtension = "html"
  public let mediaType = "text/html; charset=utf-8"
  public let summary =
    "a self-contained page with charts, from the built-in template Templates/html.html.mustache"

  public init() {}

  /// A journal string made fit for the page: on one line with its control characters visible
  /// (`TextEscaping.singleLine`), and every noncharacter (U+FDD0…U+FDEF, U+FFFE and U+FFFF of any
  /// plane: HTML parse errors, and U+FFFE/U+FFFF are not allowed in XML 1.0) visible as `\u{…}` too.
  public static func escape(_ text: String) -> String {
    if isUnchangedByEscape(text) { return text }
    let line = TextEscaping.singleLine(text)
    guard !line.utf8.allSatisfy({ $0 < 0x80 }), line.unicodeScalars.contains(where: isNoncharacter) else {
      return line
    }
    var out = String.UnicodeScalarView()
    for scalar in line.unicodeScalars {
      if isNoncharacter(scalar) {
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Whether `escape(text)` is `text`, answered in one pass over its UTF-8 bytes: no control
  /// character (C0, DEL, C1), U+061C, U+200E, U+200F, U+2028…U+202E, U+2066…U+2069 (what
  /// `TextEscaping.singleLine` changes) and no noncharacter.
  static func isUnchangedByEscape(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x80 {
          if byte < 0x20 || byte == 0x7F { return false }
          index += 1
          continue
        }
        // A lead byte: valid UTF-8, so its continuation bytes follow.
        let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        let second = bytes[index + 1]
        switch length {
        case 2:
          if (byte == 0xC2 && second < 0xA0) || (byte == 0xD8 && second == 0x9C) { return false }
        case 3:
          let third = bytes[index + 2]
          switch (byte, second) {
          case (0xE2, 0x80):
            if third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) { return false }
          case (0xE2, 0x81): if (0xA6...0xA9).contains(third) { return false }
          case (0xEF, 0xB7): if (0x90...0xAF).contains(third) { return false }
          case (0xEF, 0xBF): if third >= 0xBE { return false }
          default: break
          }
        default:
          if second & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE { return false }
        }
        index += length
      }
      return true
    }
  }

  private static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
    (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
  }
}
