import DemeterJournal

/// Writes a journal line in the canonical form `EntryLineEncoder` gives it, straight from its bytes:
/// `fmt`'s quick path for lines the fast scanner accepted (one valid entry object with only known
/// keys, each once), so that formatting a journal never builds a JSON tree per line.
///
/// The canonical form: no whitespace between tokens, the members in the order of
/// `EntryField.allCases`, every string escaped as `JSONWriter` escapes it (escapes decoded, then
/// written again), numbers and the member order of nested objects as written.
struct CanonicalLineWriter {
  /// The names of `EntryField.allCases`, in canonical order, as bytes.
  private static let fieldNames: [[UInt8]] = EntryField.allCases.map { Array($0.rawValue.utf8) }

  /// Where each field's value is in the current line, by field ordinal (kept from line to line).
  private var values = [Range<Int>?](repeating: nil, count: EntryField.allCases.count)

  /// Appends the canonical form of `line` to `output`; false (with `output` in any state) when the
  /// line is not an object of known keys, each once, with well-formed strings, which a line the
  /// fast scanner accepted always is.
  mutating func append(_ line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
    for index in values.indices { values[index] = nil }
    /// The field a key most likely names (lines are mostly written in canonical order).
    var nextField = 0
    var index = Self.skipSpace(line, 0)
    guard index < line.count, line[index] == UInt8(ascii: "{") else { return false }
    index = Self.skipSpace(line, index + 1)
    if index < line.count, line[index] == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        guard index < line.count, line[index] == UInt8(ascii: "\""), let keyEnd = Self.stringEnd(line, index)
        else { return false }
        guard let field = Self.field(named: line, index + 1..<keyEnd - 1, hint: nextField),
          values[field] == nil
        else { return false }
        nextField = field + 1
        index = Self.skipSpace(line, keyEnd)
        guard index < line.count, line[index] == UInt8(ascii: ":") else { return false }
        let start = Self.skipSpace(line, index + 1)
        guard let end = Self.valueEnd(line, start) else { return false }
        values[field] = start..<end
        index = Self.skipSpace(line, end)
        guard index < line.count else { return false }
        if line[index] == UInt8(ascii: "}") {
          index += 1
          break
        }
        guard line[index] == UInt8(ascii: ",") else { return false }
        index = Self.skipSpace(line, index + 1)
      }
    }
    guard Self.skipSpace(line, index) == line.count else { return false }
    output.append(UInt8(ascii: "{"))
    var first = true
    for (field, range) in values.enumerated() {
      guard let range else { continue }
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      output.append(UInt8(ascii: "\""))
      output.append(contentsOf: Self.fieldNames[field])
      output.append(UInt8(ascii: "\""))
      output.append(UInt8(ascii: ":"))
      guard Self.appendValue(line, range, to: &output) else { return false }
    }
    output.append(UInt8(ascii: "}"))
    return true
  }

  /// The ordinal of the field whose name is the bytes at `key` (no escapes), trying `hint` first.
  private static func field(named line: UnsafeBufferPointer<UInt8>, _ key: Range<Int>, hint: Int) -> Int? {
    func matches(_ field: Int) -> Bool {
      let name = fieldNames[field]
      guard name.count == key.count else { return false }
      var offset = 0
      while offset < name.count, name[offset] == line[key.lowerBound + offset] { offset += 1 }
      return offset == name.count
    }
    if hint < fieldNames.count, matches(hint) { return hint }
    for field in fieldNames.indices where field != hint && matches(field) { return field }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func skipSpace(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    var index = start
    while index < line.count, isSpace(line[index]) { index += 1 }
    return index
  }

  /// The index after the closing quote of the string whose opening quote is at `start`.
  private static func stringEnd(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
    var index = start + 1
    while index < line.count {
      switch line[index] {
      case UInt8(ascii: "\""): return index + 1
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    return nil
  }

  /// The index after the value that starts at `start`: a string, an object or array (nesting and
  /// strings followed), or a number or literal (up to the next delimiter).
  private static func valueEnd(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
    guard start < line.count else { return nil }
    switch line[start] {
    case UInt8(ascii: "\""):
      return stringEnd(line, start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while index < line.count {
        switch line[index] {
        case UInt8(ascii: "\""):
          guard let end = stringEnd(line, index) else { return nil }
          index = end
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
      return nil
    default:
      var index = start
      while index < line.count {
        let byte = line[index]
        if isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}")
          || byte == UInt8(ascii: "]")
        {
          break
        }
        index += 1
      }
      return index > start ? index : nil
    }
  }

  /// Appends the value at `range` without whitespace, its strings written again.
  private static func appendValue(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to output: inout [UInt8]
  ) -> Bool {
    var index = range.lowerBound
    var runStart = index
    while index < range.upperBound {
      let byte = line[index]
      if byte == UInt8(ascii: "\"") {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[runStart..<index]))
        guard let end = appendString(line, index, to: &output) else { return false }
        index = end
        runStart = index
      } else if isSpace(byte) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[runStart..<index]))
        index += 1
        runStart = index
      } else {
        index += 1
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: line[runStart..<index]))
    return true
  }

  /// Appends the string whose opening quote is at `start` as `JSONWriter` writes it; the index after
  /// its closing quote, or nil when it is not a well-formed string.
  private static func appendString(
    _ line: UnsafeBufferPointer<UInt8>, _ start: Int, to output: inout [UInt8]
  ) -> Int? {
    output.append(UInt8(ascii: "\""))
    var index = start + 1
    /// The start of the bytes not yet copied, which need no change.
    var runStart = index
    func flush() { output.append(contentsOf: UnsafeBufferPointer(rebasing: line[runStart..<index])) }
    while index < line.count {
      let byte = line[index]
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        output.append(byte)
        return index + 1
      case UInt8(ascii: "\\"):
        flush()
        guard index + 1 < line.count else { return nil }
        let escaped = line[index + 1]
        index += 2
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
          appendScalar(UInt32(escaped), to: &output)
        case UInt8(ascii: "b"): appendScalar(0x08, to: &output)
        case UInt8(ascii: "f"): appendScalar(0x0C, to: &output)
        case UInt8(ascii: "n"): appendScalar(0x0A, to: &output)
        case UInt8(ascii: "r"): appendScalar(0x0D, to: &output)
        case UInt8(ascii: "t"): appendScalar(0x09, to: &output)
        case UInt8(ascii: "u"):
          guard var scalar = hexValue(line, index) else { return nil }
          index += 4
          if (0xD800..<0xDC00).contains(scalar) {
            guard index + 6 <= line.count, line[index] == UInt8(ascii: "\\"),
              line[index + 1] == UInt8(ascii: "u"),
              let low = hexValue(line, index + 2), (0xDC00..<0xE000).contains(low)
            else { return nil }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            index += 6
          } else if (0xDC00..<0xE000).contains(scalar) {
            return nil
          }
          appendScalar(scalar, to: &output)
        default:
          return nil
        }
        runStart = index
      case 0..<0x20:
        return nil
      case 0xE2
      where index + 2 < line.count && line[index + 1] == 0x80
        && (line[index + 2] == 0xA8 || line[index + 2] == 0xA9):
        flush()
        appendScalar(line[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
        index += 3
        runStart = index
      default:
        index += 1
      }
    }
    return nil
  }

  /// The value of the four hex digits at `start`.
  private static func hexValue(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32? {
    guard start + 4 <= line.count else { return nil }
    var value: UInt32 = 0
    for byte in line[start..<start + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends one character of a string as `JSONWriter` writes it.
  private static func appendScalar(_ scalar: UInt32, to output: inout [UInt8]) {
    func escape(_ letter: UInt8) {
      output.append(UInt8(ascii: "\\"))
      output.append(letter)
    }
    switch scalar {
    case 0x2F: output.append(UInt8(ascii: "/"))
    case 0x22: escape(UInt8(ascii: "\""))
    case 0x5C: escape(UInt8(ascii: "\\"))
    case 0x08: escape(UInt8(ascii: "b"))
    case 0x09: escape(UInt8(ascii: "t"))
    case 0x0A: escape(UInt8(ascii: "n"))
    case 0x0C: escape(UInt8(ascii: "f"))
    case 0x0D: escape(UInt8(ascii: "r"))
    case 0..<0x20:
      output += Array("\\u00".utf8) + [hexDigits[Int(scalar >> 4)], hexDigits[Int(scalar & 0xF)]]
    case 0x2028: output += Array("\\u2028".utf8)
    case 0x2029: output += Array("\\u2029".utf8)
    default:
      guard let character = Unicode.Scalar(scalar) else { return }
      output += Array(String(character).utf8)
    }
  }

  // MARK: - Checking

  /// Whether `line` (a line the fast scanner accepted) is in canonical form already, read without
  /// writing anything: no whitespace between tokens, keys in canonical order, strings escaped as
  /// `JSONWriter` escapes them.
  static func isCanonical(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var depth = 0
    /// The first field the next top-level key may name.
    var nextField = 0
    /// Whether the next string is a key of the line's object.
    var expectsKey = false
    var index = 0
    while index < line.count {
      let byte = line[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        expectsKey = depth == 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        index += 1
      case UInt8(ascii: ","):
        expectsKey = depth == 1
        index += 1
      case UInt8(ascii: "\""):
        guard let end = canonicalStringEnd(line, from: index + 1) else { return false }
        if expectsKey {
          guard let field = field(named: line, index + 1..<end, hint: nextField), field >= nextField else {
            return false
          }
          nextField = field + 1
          expectsKey = false
        }
        index = end + 1
      case 0x20, 0x09, 0x0A, 0x0D:
        return false
      default:
        index += 1
      }
    }
    return true
  }

  /// The index of the quote that ends the string whose content starts at `start`, or nil when the
  /// string is not escaped as `JSONWriter` escapes it: only `\"`, `\\`, the short escapes of
  /// control characters, `\u00XX` (lower-case hex) for the other control characters, `\u2028` and
  /// `\u2029`; U+2028 and U+2029 never raw.
  private static func canonicalStringEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < line.count {
      let byte = line[index]
      // Most bytes of a string need no look.
      if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        return index
      case UInt8(ascii: "\\"):
        guard index + 1 < line.count else { return nil }
        switch line[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
          UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 2
        case UInt8(ascii: "u"):
          guard index + 6 <= line.count, isCanonicalUnicodeEscape(line[index + 2..<index + 6]) else {
            return nil
          }
          index += 6
        default:
          return nil
        }
      case 0xE2:
        if index + 2 < line.count, line[index + 1] == 0x80, line[index + 2] == 0xA8 || line[index + 2] == 0xA9
        {
          return nil
        }
        index += 1
      default:
        index += 1
      }
    }
    return nil
  }

  /// Whether the four hex digits of a `\u` escape are one `JSONWriter` writes: `2028`, `2029`, or
  /// `00XX` in lower case for a control character without a short escape.
  private static func isCanonicalUnicodeEscape(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    let text = Array(digits)
    if text == Array("2028".utf8) || text == Array("2029".utf8) { return true }
    guard text[0] == UInt8(ascii: "0"), text[1] == UInt8(ascii: "0") else { return false }
    let hexDigits = Array("0123456789abcdef".utf8)
    guard let high = hexDigits.firstIndex(of: text[2]), let low = hexDigits.firstIndex(of: text[3]) else {
      return false
    }
    let value = high * 16 + low
    return value < 0x20 && ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(value)
  }
}
