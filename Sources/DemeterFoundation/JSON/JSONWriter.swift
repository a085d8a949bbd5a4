/// Writes `JSONValue`s as compact, deterministic JSON text.
///
/// No whitespace is added; object members keep their stored order; numbers are written as their
/// literal. Strings escape only what JSON requires plus the two JavaScript line terminators:
/// `"` and `\` are backslash-escaped, control characters become `\b \f \n \r \t` or `\u00XX`,
/// U+2028 and U+2029 become `\u2028` and `\u2029`, and everything else (including `/`) is raw UTF-8.
/// The text is written as UTF-8 bytes; the `String` forms wrap them.
public enum JSONWriter {
  /// Appends the JSON text of `value` to `output`.
  public static func write(_ value: JSONValue, into output: inout [UInt8]) {
    switch value {
    case .null:
      output.append(contentsOf: "null".utf8)
    case .bool(let flag):
      output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let number):
      output.append(contentsOf: number.literal.utf8)
    case .string(let string):
      writeQuoted(string, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for (position, member) in object.members.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        writeQuoted(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        write(member.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends the JSON text of `value` to `output`.
  public static func write(_ value: JSONValue, into output: inout String) {
    var bytes: [UInt8] = []
    write(value, into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// The JSON text of `value`.
  public static func string(_ value: JSONValue) -> String {
    var output: [UInt8] = []
    write(value, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// `string` as a JSON string literal, quotes included.
  public static func quoted(_ string: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(string.utf8.count + 2)
    writeQuoted(string, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `string` as a JSON string literal, quotes included, to `output`.
  public static func writeQuoted(_ string: String, into output: inout String) {
    output += quoted(string)
  }

  /// Appends `string` as a JSON string literal, quotes included, to `output`.
  public static func writeQuoted(_ string: String, into output: inout [UInt8]) {
    var string = string
    string.withUTF8 { writeQuoted(utf8: $0, into: &output) }
  }

  /// Appends the UTF-8 text `utf8` as a JSON string literal, quotes included, to `output`.
  private static func writeQuoted(utf8: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    var position = 0
    let count = utf8.count
    while position < count {
      let byte = utf8[position]
      // Most bytes need no escape: printable ASCII other than `"` and `\`, and UTF-8 other than E2.
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 else {
        position += 1
        continue
      }
      var length = 1
      let escape: String
      switch byte {
      case UInt8(ascii: "\""): escape = "\\\""
      case UInt8(ascii: "\\"): escape = "\\\\"
      case 0xE2:
        // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
        guard position + 2 < count, utf8[position + 1] == 0x80, utf8[position + 2] & 0xFE == 0xA8 else {
          position += 1
          continue
        }
        escape = utf8[position + 2] == 0xA8 ? "\\u2028" : "\\u2029"
        length = 3
      default: escape = controlEscape(byte)
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
      output.append(contentsOf: escape.utf8)
      position += length
      runStart = position
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
    output.append(UInt8(ascii: "\""))
  }

  private static func controlEscape(_ byte: UInt8) -> String {
    switch byte {
    case 0x08: return "\\b"
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0C: return "\\f"
    case 0x0D: return "\\r"
    default:
      let hex = Array("0123456789abcdef".utf8)
      return "\\u00" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
    }
  }
}
