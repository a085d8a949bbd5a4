/// HTML escaping of `{{name}}` interpolations: `&`, `<`, `>` and `"` (required by the Mustache
/// specification) and `'` (as `&#39;`, so values are safe in single-quoted attributes too).
enum MustacheEscaping {
  /// Appends the UTF-8 bytes of `text`, escaped. Every character escaped is ASCII, so bytes are
  /// compared one by one and runs of others copied whole.
  static func appendEscapingHTML(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      var plainStart = 0
      for index in bytes.indices {
        let replacement: StaticString
        switch bytes[index] {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        case UInt8(ascii: "'"): replacement = "&#39;"
        default: continue
        }
        output.append(contentsOf: bytes[plainStart..<index])
        replacement.withUTF8Buffer { output.append(contentsOf: $0) }
        plainStart = index + 1
      }
      output.append(contentsOf: bytes[plainStart...])
    }
  }
}
