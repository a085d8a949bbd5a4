// Error messages for the parser: what was found where something else was expected.

extension JSONReader {
  package func fail(_ offset: Int, _ message: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset, message: message)
  }

  /// `expected <what>, found <the byte at offset>`, or a more specific message for comments and
  /// single quotes.
  package func expected(_ what: String, at offset: Int) -> JSONSyntaxError {
    guard offset < count else { return fail(offset, "expected \(what), found end of input") }
    if isCommentStart(offset) { return fail(offset, "comments are not allowed in JSON") }
    if bytes[offset] == UInt8(ascii: "'") {
      return fail(offset, "single quotes are not allowed in JSON; use double quotes")
    }
    return fail(offset, "expected \(what), found \(describe(bytes[offset]))")
  }

  func isCommentStart(_ offset: Int) -> Bool {
    guard offset + 1 < count, bytes[offset] == JSONByte.slash else { return false }
    return bytes[offset + 1] == JSONByte.slash || bytes[offset + 1] == UInt8(ascii: "*")
  }

  /// How a byte is named in messages: `'x'`, `control character U+0000` or `byte 0xC3`.
  package func describe(_ byte: UInt8) -> String {
    switch byte {
    case 0x20..<0x7F: return "'\(String(UnicodeScalar(byte)))'"
    case 0..<0x20, 0x7F: return "control character U+\(JSONReader.hex4(UInt32(byte)))"
    default: return "byte 0x\(JSONReader.hex2(byte))"
    }
  }

  /// The error for a byte at `index` that cannot start a value.
  func badValueStart() -> JSONSyntaxError {
    let byte = bytes[index]
    let next: UInt8? = index + 1 < count ? bytes[index + 1] : nil
    switch byte {
    case _ where JSONByte.isLetter(byte):
      return wordError(at: index, signAt: nil)
    case JSONByte.plus where next.map(JSONByte.isDigit) == true:
      return fail(index, "a number cannot start with '+'; write \(numberText(from: index + 1))")
    case JSONByte.plus where next.map(JSONByte.isLetter) == true:
      return wordError(at: index + 1, signAt: index)
    case JSONByte.dot where next.map(JSONByte.isDigit) == true:
      return fail(index, "a number cannot start with '.'; write 0\(numberText(from: index))")
    case JSONByte.comma, JSONByte.closeBracket, JSONByte.closeBrace, JSONByte.colon:
      return fail(index, "expected a value, found \(describe(byte))")
    case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
      return fail(index, "expected a value, found a byte order mark (U+FEFF)")
    default:
      return expected("a value", at: index)
    }
  }

  /// The error for an object member that does not start with `"`.
  func badKey() -> JSONSyntaxError {
    if index < count, JSONByte.isLetter(bytes[index]) || JSONByte.isDigit(bytes[index]) {
      return fail(index, "object keys must be double-quoted strings")
    }
    return expected("a double-quoted key", at: index)
  }

  /// The error for a bare word at `offset` (optionally signed at `signAt`) where a value belongs.
  func wordError(at offset: Int, signAt: Int?) -> JSONSyntaxError {
    var end = offset
    while end < count, JSONByte.isLetter(bytes[end]) { end += 1 }
    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    let lower = word.lowercased()
    let start = signAt ?? offset
    if lower == "nan" || lower == "infinity" || lower == "inf" {
      return fail(start, "NaN/Infinity are not JSON; write a number")
    }
    if signAt == nil {
      if lower == "true" || lower == "false" || lower == "null" {
        return fail(start, "JSON literals are lowercase; write \(lower)")
      }
      if lower == "undefined" || lower == "none" || lower == "nil" {
        return fail(start, "\(word) is not JSON; write null")
      }
      for literal in ["true", "false", "null"] where literal.hasPrefix(word) {
        return fail(start, "incomplete literal '\(word)'; write \(literal)")
      }
      return fail(start, "unexpected word '\(JSONReader.abbreviate(word))'; strings must be in double quotes")
    }
    return expected("a digit after '\(String(UnicodeScalar(bytes[start])))'", at: offset)
  }

  /// The run of number-like characters from `offset`, for suggestions such as `write 0.5`.
  private func numberText(from offset: Int) -> String {
    var end = offset
    while end < count, end - offset < 40 {
      let byte = bytes[end]
      guard
        JSONByte.isDigit(byte) || byte == JSONByte.dot || byte | 0x20 == UInt8(ascii: "e")
          || byte == JSONByte.plus || byte == JSONByte.minus
      else { break }
      end += 1
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
  }

  /// `text` cut to 40 characters with an ellipsis, for messages.
  static func abbreviate(_ text: String) -> String {
    text.count <= 40 ? text : String(text.prefix(37)) + "…"
  }

  /// A key as JSON text, abbreviated, for messages: `"calories"`.
  static func quoteForMessage(_ key: String) -> String {
    JSONWriter.quoted(key.count <= 40 ? key : String(key.prefix(37)) + "…")
  }

  static func hex2(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }

  static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
  }
}
