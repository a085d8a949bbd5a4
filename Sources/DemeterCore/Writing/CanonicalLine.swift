/// Whether a journal line is already in the canonical form `EntryLineEncoder` writes, read from its
/// bytes alone: `fmt`'s quick test of lines the fast scanner accepted (one valid entry object with
/// only known keys, each once), so that a formatted file is never parsed into a tree and written
/// again.
///
/// Such a line is canonical when it has no whitespace between tokens, its keys come in the order
/// of `EntryField.allCases`, and every string is escaped as `JSONWriter` escapes it (numbers, and
/// the members of nested objects, are kept as written, so any form of them is canonical).
enum CanonicalLine {
  /// The names of `EntryField.allCases`, in canonical order, as bytes.
  private static let fieldNames: [[UInt8]] = EntryField.allCases.map { Array($0.rawValue.utf8) }

  /// Whether `line` (a line the fast scanner accepted) is in canonical form.
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
          guard let field = field(named: line[index + 1..<end], from: nextField) else { return false }
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

  /// The index of the `EntryField` named `key`, searched from `first` on (an earlier one would be
  /// out of order); nil when none.
  private static func field(named key: Slice<UnsafeBufferPointer<UInt8>>, from first: Int) -> Int? {
    var candidate = first
    while candidate < fieldNames.count {
      if fieldNames[candidate].elementsEqual(key) { return candidate }
      candidate += 1
    }
    return nil
  }

  /// The index of the quote that ends the string whose content starts at `start`, or nil when the
  /// string is not escaped as `JSONWriter` escapes it: only `\"`, `\\`, the short escapes of
  /// control characters, `\u00XX` (lower-case hex) for the other control characters, `\u2028` and
  /// `\u2029`; U+2028 and U+2029 never raw.
  private static func canonicalStringEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < line.count {
      switch line[index] {
      case UInt8(ascii: "\""):
        return index
      case UInt8(ascii: "\\"):
        guard index + 1 < line.count else { return nil }
        switch line[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
          UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 2
        case UInt8(ascii: "u"):
          guard index + 6 <= line.count, isCanonicalUnicodeEscape(line[index + 2..<index + 6]) else { return nil }
          index += 6
        default:
          return nil
        }
      case 0xE2:
        if index + 2 < line.count, line[index + 1] == 0x80, line[index + 2] == 0xA8 || line[index + 2] == 0xA9 {
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
