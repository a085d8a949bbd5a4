import DemeterReporting

/// Escaping of one CSV cell: RFC 4180 quoting, and a guard against spreadsheet formula injection.
package enum CSVField {
  /// The cell as written to the file. A cell that a spreadsheet would read as a formula — it starts
  /// with `=`, `+`, `-` or `@`, also after leading white space (spaces, tabs, line breaks: some
  /// spreadsheets skip them), and is not a plain number — gets a leading `'`; any other cell keeps
  /// its text, leading white space (a CR) included.
  static func escape(_ text: String) -> String {
    var plain = text
    return plain.withUTF8(isPlain) ? text : quotedOrGuarded(text)
  }

  /// `escape` of a cell that is not plain (`isPlain`): the formula guard, then quoting if needed.
  private static func quotedOrGuarded(_ text: String) -> String {
    var cell = text
    let formula = Substring(text).drop { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
    if let first = formula.unicodeScalars.first, "=+-@".unicodeScalars.contains(first),
      !isPlainNumber(String(formula))
    {
      cell = "'" + cell
    }
    // Unicode scalars, not Characters: "\r\n" is one Character, and so is a quote followed by a
    // combining mark, so a Character test would miss both.
    guard cell.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return cell
    }
    var quoted = String.UnicodeScalarView()
    quoted.append("\"")
    for scalar in cell.unicodeScalars {
      if scalar == "\"" { quoted.append("\"") }
      quoted.append(scalar)
    }
    quoted.append("\"")
    return String(quoted)
  }

  /// Appends the cell `text` as `escape` writes it.
  static func append(_ text: String, to out: inout [UInt8]) {
    guard !text.isEmpty else { return }
    var text = text
    text.withUTF8 { append(utf8: $0, to: &out) }
  }

  /// Appends the cell of UTF-8 `bytes` as `escape` writes it: as they are when plain.
  package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    guard !isPlain(bytes) else {
      out.append(contentsOf: bytes)
      return
    }
    var field = quotedOrGuarded(String(decoding: bytes, as: UTF8.self))
    field.withUTF8 { out.append(contentsOf: $0) }
  }

  /// Appends a text cell of UTF-8 `bytes` as the generator writes it with `options`: on a
  /// terminal escaped as text output is (`TextEscaping.terminal`), then as `escape` writes it.
  package static func append(
    text bytes: UnsafeBufferPointer<UInt8>, options: RenderOptions, to out: inout [UInt8]
  ) {
    guard options.terminal else {
      append(utf8: bytes, to: &out)
      return
    }
    append(TextEscaping.terminal(String(decoding: bytes, as: UTF8.self)), to: &out)
  }

  /// `append(text:options:to:)` of a `String`.
  static func append(text: String, options: RenderOptions, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { append(text: $0, options: options, to: &out) }
  }

  /// Appends the text of `number` with `decimals` (`ReportNumber.text(decimals:)`) as `escape`
  /// writes it: straight into `out`, and escaped only if it needs it.
  package static func append(_ number: ReportNumber, decimals: Int?, to out: inout [UInt8]) {
    let start = out.count
    number.appendText(decimals: decimals, to: &out)
    let plain = out.withUnsafeBufferPointer { isPlain(UnsafeBufferPointer(rebasing: $0[start...])) }
    guard !plain else { return }
    let text = String(decoding: out[start...], as: UTF8.self)
    out.removeSubrange(start...)
    append(text, to: &out)
  }

  /// Whether a cell of UTF-8 `bytes` is written as it is, seen from its bytes alone: it is empty,
  /// or a negative number of digits and at most one `.`, or it starts with a visible ASCII character
  /// other than a formula's and holds no comma, quote or line break.
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first else { return true }
    switch first {
    case UInt8(ascii: "-"): return isNegativeNumber(bytes)
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "@"): return false
    case 0x21..<0x7F: break
    default: return false
    }
    // Eight bytes at a time where there are eight, then one at a time.
    let count = bytes.count
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    var index = 0
    while index + 8 <= count {
      if holdsQuotingByte(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) {
        return false
      }
      index += 8
    }
    return !bytes[index...].contains { byte in
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }
  }

  /// Whether any byte of `word` is a comma, a quote or a line break (each byte compared by the
  /// zero-byte test of the word XORed with it repeated).
  @inline(__always)
  private static func holdsQuotingByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & (ones &* 0x80) != 0 }
    return hasZeroByte(word ^ (ones &* 0x2C)) || hasZeroByte(word ^ (ones &* 0x22))
      || hasZeroByte(word ^ (ones &* 0x0A)) || hasZeroByte(word ^ (ones &* 0x0D))
  }

  /// Whether `bytes` are `-`, then digits with at most one `.` among them (a number's text).
  private static func isNegativeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var (digits, points) = (0, 0)
    for byte in bytes.dropFirst() {
      if byte == UInt8(ascii: ".") {
        points += 1
      } else if byte &- UInt8(ascii: "0") < 10 {
        digits += 1
      } else {
        return false
      }
    }
    return digits > 0 && points <= 1
  }

  /// A decimal number as a spreadsheet reads it (`-2.5`, `+1`, `-1.5e3`): sign, digits with at most one
  /// `.`, optional exponent. Not `-inf`, `-nan` or `-0x1p3`, which `Double` accepts but a spreadsheet
  /// would read as a formula.
  static func isPlainNumber(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      bytes = bytes.dropFirst()
    }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let integer = bytes.prefix(while: isDigit)
    bytes = bytes.dropFirst(integer.count)
    var fraction = bytes.prefix(0)
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      fraction = bytes.prefix(while: isDigit)
      bytes = bytes.dropFirst(fraction.count)
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return false }
    if let mark = bytes.first, mark == UInt8(ascii: "e") || mark == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        bytes = bytes.dropFirst()
      }
      let exponent = bytes.prefix(while: isDigit)
      guard !exponent.isEmpty else { return false }
      bytes = bytes.dropFirst(exponent.count)
    }
    return bytes.isEmpty
  }
}
