// String scanning: strict UTF-8 validation, escapes and surrogate pairs.

/// Where a scanned string's (valid UTF-8) bytes are.
package enum JSONStringSpan {
  /// Written without escapes: this range of the input, between the quotes.
  case plain(Range<Int>)
  /// Had escapes: decoded into the reader's `scratch`.
  case decoded
}

extension JSONReader {
  /// Parses the string whose opening quote is at `index` and moves past its closing quote.
  /// Strings without escapes are built straight from the validated bytes.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    switch try scanString() {
    case .plain(let range):
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .decoded:
      return String(decoding: scratch, as: UTF8.self)
    }
  }

  /// Validates the string whose opening quote is at `index` and moves past its closing quote,
  /// without building a `String`: its bytes are either a range of the input (no escapes) or, when
  /// it has escapes, decoded into `scratch` (valid until the next string is scanned).
  package mutating func scanString() throws(JSONSyntaxError) -> JSONStringSpan {
    let open = index
    index += 1
    return try scanString(continuingFrom: open)
  }

  /// `scanString()` for the string whose opening quote is at `open`, continued from `index`: the
  /// bytes between are already checked and need no decoding (plain ASCII without a quote or
  /// backslash, as `skipPlainASCII` passes over, or well-formed multi-byte sequences).
  package mutating func scanString(continuingFrom open: Int) throws(JSONSyntaxError) -> JSONStringSpan {
    let start = open + 1
    while true {
      skipPlainASCII()
      guard index < count else { throw unterminatedString(open) }
      let byte = bytes[index]
      if byte == JSONByte.quote {
        if index - (open + 1) > maxStringBytes { throw stringTooLong(open) }
        index += 1
        return .plain(start..<(index - 1))
      } else if byte == JSONByte.backslash {
        try scanEscapedString(open: open, start: start)
        return .decoded
      } else if byte < 0x20 {
        throw controlCharacterInString(byte)
      } else if byte < 0x80 {
        index += 1
      } else {
        try skipUTF8Sequence()
      }
    }
  }

  /// Continues a string at its first backslash, decoding into `scratch`.
  private mutating func scanEscapedString(open: Int, start: Int) throws(JSONSyntaxError) {
    scratch.removeAll(keepingCapacity: true)
    var runStart = start
    while true {
      skipPlainASCII()
      guard index < count else { throw unterminatedString(open) }
      let byte = bytes[index]
      if byte == JSONByte.quote {
        if index - (open + 1) > maxStringBytes { throw stringTooLong(open) }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        index += 1
        return
      } else if byte == JSONByte.backslash {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        try decodeEscape(open: open)
        runStart = index
      } else if byte < 0x20 {
        throw controlCharacterInString(byte)
      } else if byte < 0x80 {
        index += 1
      } else {
        try skipUTF8Sequence()
      }
    }
  }

  /// Advances over ASCII bytes that need no attention in a string (`plainASCIIEnd`).
  @inline(__always)
  package mutating func skipPlainASCII() {
    index = Self.plainASCIIEnd(bytes, from: index)
  }

  /// The index of the first byte at or after `start` that needs attention in a string: `"`, `\`,
  /// a control character or the start of a multi-byte sequence (or `bytes.count`). Checks eight
  /// bytes at a time (SWAR).
  @inlinable @inline(__always)
  package static func plainASCIIEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let count = bytes.count
    var index = start
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= count {
        let word = raw.littleEndianWord(at: index)
        // A high bit survives in the mask iff some byte is >= 0x80, < 0x20, '"' or '\'
        // (borrows only spread upwards from bytes that already qualify, so the lowest one marks
        // the first such byte).
        let mask =
          (word | (word &- ones &* 0x20) | ((word ^ (ones &* 0x22)) &- ones)
            | ((word ^ (ones &* 0x5C)) &- ones)) & highBits
        if mask != 0 { return index + mask.trailingZeroBitCount >> 3 }
        index += 8
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 || byte >= 0x80 || byte == JSONByte.quote || byte == JSONByte.backslash { return index }
      index += 1
    }
    return index
  }

  /// The error for a string longer than the limit (kept out of line: the check itself is inline,
  /// so the hot path does not copy the reader to call a method).
  @inline(never)
  private func stringTooLong(_ open: Int) -> JSONSyntaxError {
    fail(open, "string is longer than the limit of \(JSONLimits.describe(bytes: maxStringBytes))")
  }

  private func unterminatedString(_ open: Int) -> JSONSyntaxError {
    fail(count, "unterminated string starting at column \(open + 1); missing closing '\"'")
  }

  private func controlCharacterInString(_ byte: UInt8) -> JSONSyntaxError {
    switch byte {
    case JSONByte.lineFeed:
      return fail(index, "unexpected end of line inside a string")
    case JSONByte.carriageReturn where index + 1 == count || bytes[index + 1] == JSONByte.lineFeed:
      return fail(index, "unexpected end of line inside a string")
    case JSONByte.carriageReturn:
      // A lone CR inside a journal line (lines end at LF only) is a raw control character.
      return fail(index, "unescaped control character U+000D in string; write \\r")
    case JSONByte.tab:
      return fail(index, "unescaped control character U+0009 in string; write \\t")
    case 0x08:
      return fail(index, "unescaped control character U+0008 in string; write \\b")
    case 0x0C:
      return fail(index, "unescaped control character U+000C in string; write \\f")
    default:
      let code = JSONReader.hex4(UInt32(byte))
      return fail(index, "unescaped control character U+\(code) in string; write \\u\(code)")
    }
  }

  /// Validates the multi-byte UTF-8 sequence whose lead byte is at `index` (strictly, per
  /// Unicode table 3-7, `UTF8Sequence`) and moves past it.
  private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
    var word: UInt32 = 0
    for offset in 0..<min(4, count - index) { word |= UInt32(bytes[index + offset]) << (8 * offset) }
    let length = UTF8Sequence.length(word)
    guard length > 0 else { throw malformedUTF8() }
    index += length
  }

  /// Why the multi-byte sequence at `index`, which is not well-formed, is not.
  private func malformedUTF8() -> JSONSyntaxError {
    let lead = bytes[index]
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF, 0xE1...0xEC, 0xEE...0xEF, 0xF1...0xF3: break
    case 0xE0: low = 0xA0
    case 0xED: high = 0x9F
    case 0xF0: low = 0x90
    case 0xF4: high = 0x8F
    case 0x80...0xBF: return badUTF8(lead, "a continuation byte without a lead byte")
    case 0xC0, 0xC1: return badUTF8(lead, "overlong encoding")
    default: return badUTF8(lead, "never valid in UTF-8")
    }
    guard index + 1 < count else { return badUTF8(lead, "incomplete multi-byte sequence") }
    let second = bytes[index + 1]
    if second < low || second > high, second & 0xC0 == 0x80 {
      switch lead {
      case 0xE0, 0xF0: return badUTF8(lead, "overlong encoding")
      case 0xED: return badUTF8(lead, "encoded UTF-16 surrogate")
      default: return badUTF8(lead, "code point above U+10FFFF")
      }
    }
    return badUTF8(lead, "incomplete multi-byte sequence")
  }

  private func badUTF8(_ byte: UInt8, _ reason: String) -> JSONSyntaxError {
    fail(index, "invalid UTF-8 byte 0x\(JSONReader.hex2(byte)) in string (\(reason))")
  }

  /// Decodes the escape whose backslash is at `index` into `scratch` and moves past it.
  private mutating func decodeEscape(open: Int) throws(JSONSyntaxError) {
    let backslash = index
    guard index + 1 < count else { throw unterminatedString(open) }
    let letter = bytes[index + 1]
    let simple: UInt8
    switch letter {
    case JSONByte.quote, JSONByte.backslash, JSONByte.slash: simple = letter
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      try decodeUnicodeEscape()
      return
    case UInt8(ascii: "'"):
      throw fail(backslash, "invalid escape \\' in string; a single quote needs no escape")
    case 0x20...0x7E:
      let shown = String(UnicodeScalar(letter))
      throw fail(backslash, "invalid escape \\\(shown) in string; write \\\\ for a backslash")
    default:
      throw fail(
        backslash,
        "invalid escape in string: backslash before \(describe(letter)); write \\\\ for a backslash")
    }
    scratch.append(simple)
    index += 2
  }

  /// Decodes `\uXXXX` (or a surrogate pair `\uD83D\uDE00`) at `index` into `scratch`.
  private mutating func decodeUnicodeEscape() throws(JSONSyntaxError) {
    let first = index
    guard let unit = hexUnit(at: first + 2) else {
      throw fail(first, "invalid escape \\u in string; \\u must be followed by 4 hex digits")
    }
    var scalar = unit
    index += 6
    if unit & 0xFC00 == 0xD800 {
      guard index + 1 < count, bytes[index] == JSONByte.backslash, bytes[index + 1] == UInt8(ascii: "u")
      else {
        throw loneSurrogate(unit, at: first)
      }
      guard let second = hexUnit(at: index + 2) else {
        throw fail(index, "invalid escape \\u in string; \\u must be followed by 4 hex digits")
      }
      guard second & 0xFC00 == 0xDC00 else { throw loneSurrogate(unit, at: first) }
      scalar = 0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00)
      index += 6
    } else if unit & 0xFC00 == 0xDC00 {
      throw loneSurrogate(unit, at: first)
    }
    appendUTF8(scalar)
  }

  private func loneSurrogate(_ unit: UInt32, at offset: Int) -> JSONSyntaxError {
    fail(offset, "lone surrogate \\u\(JSONReader.hex4(unit)) in string")
  }

  /// The value of the four hex digits at `offset`, or nil.
  private func hexUnit(at offset: Int) -> UInt32? {
    guard offset + 4 <= count else { return nil }
    var value: UInt32 = 0
    for k in 0..<4 {
      let byte = bytes[offset + k]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
