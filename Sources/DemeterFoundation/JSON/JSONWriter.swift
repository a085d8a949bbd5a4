/// Writes `JSONValue`s as compact, deterministic JSON text.
///
/// No whitespace is added; object members keep their stored order; numbers are written as their
/// literal. Strings escape only what JSON requires plus the two JavaScript line terminators:
/// `"` and `\` are backslash-escaped, control characters become `\b \f \n \r \t` or `\u00XX`,
/// U+2028 and U+2029 become `\u2028` and `\u2029`, and everything else (including `/`) is raw UTF-8.
public enum JSONWriter {
  /// Appends the JSON text of `value` to `output`.
  public static func write(_ value: JSONValue, into output: inout String) {
    switch value {
    case .null:
      output.append("null")
    case .bool(let flag):
      output.append(flag ? "true" : "false")
    case .number(let number):
      output.append(number.literal)
    case .string(let string):
      writeQuoted(string, into: &output)
    case .array(let elements):
      output.append("[")
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(",") }
        write(element, into: &output)
      }
      output.append("]")
    case .object(let object):
      output.append("{")
      for (position, member) in object.members.enumerated() {
        if position > 0 { output.append(",") }
        writeQuoted(member.key, into: &output)
        output.append(":")
        write(member.value, into: &output)
      }
      output.append("}")
    }
  }

  /// The JSON text of `value`.
  public static func string(_ value: JSONValue) -> String {
    var output = ""
    write(value, into: &output)
    return output
  }

  /// `string` as a JSON string literal, quotes included.
  public static func quoted(_ string: String) -> String {
    var output = ""
    output.reserveCapacity(string.utf8.count + 2)
    writeQuoted(string, into: &output)
    return output
  }

  /// Appends `string` as a JSON string literal, quotes included, to `output`.
  public static func writeQuoted(_ string: String, into output: inout String) {
    output.append("\"")
    let utf8 = string.utf8
    var runStart = utf8.startIndex
    var position = runStart
    while position != utf8.endIndex {
      let byte = utf8[position]
      var escape: String?
      var length = 1
      switch byte {
      case UInt8(ascii: "\""): escape = "\\\""
      case UInt8(ascii: "\\"): escape = "\\\\"
      case 0..<0x20: escape = controlEscape(byte)
      case 0xE2:
        // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
        let second = utf8.index(after: position)
        if second != utf8.endIndex, utf8[second] == 0x80 {
          let third = utf8.index(after: second)
          if third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
            escape = utf8[third] == 0xA8 ? "\\u2028" : "\\u2029"
            length = 3
          }
        }
      default: break
      }
      if let escape {
        output.append(contentsOf: string[runStart..<position])
        output.append(escape)
        position = utf8.index(position, offsetBy: length)
        runStart = position
      } else {
        position = utf8.index(after: position)
      }
    }
    output.append(contentsOf: string[runStart..<position])
    output.append("\"")
  }

  private static func controlEscape(_ byte: UInt8) -> String {
    switch byte {
    case 0x08: return "\\b"
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0C: return "\\f"
    case 0x0D: return "\\r"
    default:
      let hex = "0123456789abcdef".utf8
      let high = hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))]
      let low = hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))]
      return "\\u00" + String(decoding: [high, low], as: UTF8.self)
    }
  }
}
