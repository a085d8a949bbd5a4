/// HTML escaping of `{{name}}` interpolations: `&`, `<`, `>` and `"` (required by the Mustache
/// specification) and `'` (as `&#39;`, so values are safe in single-quoted attributes too).
enum MustacheEscaping {
  static func appendEscapingHTML(_ text: String, to output: inout String) {
    var plainStart = text.unicodeScalars.startIndex
    var index = plainStart
    let scalars = text.unicodeScalars
    while index != scalars.endIndex {
      let replacement: String? =
        switch scalars[index] {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: nil
        }
      if let replacement {
        output += Substring(scalars[plainStart..<index])
        output += replacement
        plainStart = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    output += Substring(scalars[plainStart..<scalars.endIndex])
  }
}
