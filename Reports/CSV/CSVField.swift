import DemeterFoundation
import DemeterReporting

/// Escaping of one CSV cell: RFC 4180 quoting, and a guard against spreadsheet formula injection.
package enum CSVField {
  /// The cell as written to the file. A cell that a spreadsheet would read as a formula — it starts
  /// with `=`, `+`, `-` or `@`, also after leading white space (spaces, tabs, line breaks: some
  /// spreadsheets skip them), and is not a plain number — gets a leading `'`; any other cell keeps
  /// its text, leading white space (a CR) included.
  static func escape(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      guard !isPlain(bytes) else { return nil }
      var cell: [UInt8] = []
      append(utf8: bytes, to: &cell)
      return String(decoding: cell, as: UTF8.self)
    } ?? text
  }

  /// Appends the cell `text` as `escape` writes it.
  static func append(_ text: String, to out: inout [UInt8]) {
    guard !text.isEmpty else { return }
    var text = text
    text.withUTF8 { append(utf8: $0, to: &out) }
  }

  /// Appends the cell of UTF-8 `bytes` as `escape` writes it (`write(utf8:into:at:)`).
  package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    guard !isPlain(bytes) else {
      out.append(contentsOf: bytes)
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount(ofCell: bytes.count)) { cell in
      out.append(contentsOf: UnsafeBufferPointer(rebasing: cell[..<write(utf8: bytes, into: cell, at: 0)]))
    }
  }

  /// The most bytes `write(utf8:into:at:)` writes for a cell of `count` bytes: each a doubled quote,
  /// the quotes around them and the formula guard.
  package static func maxCount(ofCell count: Int) -> Int { 2 * count + 3 }

  /// Writes the cell of UTF-8 `bytes` as `escape` writes it at `text[start...]` (room for
  /// `maxCount(ofCell: bytes.count)` bytes), and returns the index after it: the bytes as they are
  /// when plain; else with the formula guard, then in quotes (each quote doubled) where a comma,
  /// quote or line break needs them.
  package static func write(
    utf8 bytes: UnsafeBufferPointer<UInt8>, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) -> Int {
    guard !isPlain(bytes) else { return text[start...].initialize(fromContentsOf: bytes) }
    var end = start
    func put(_ byte: UInt8) {
      text[end] = byte
      end += 1
    }
    let quoted = holdsQuotingByte(bytes)
    if quoted { put(UInt8(ascii: "\"")) }
    if startsFormula(bytes) { put(UInt8(ascii: "'")) }
    guard quoted else { return text[end...].initialize(fromContentsOf: bytes) }
    for byte in bytes {
      if byte == UInt8(ascii: "\"") { put(byte) }
      put(byte)
    }
    put(UInt8(ascii: "\""))
    return end
  }

  /// Writes the cell of the exact number of `billionths` with `decimals` (`ReportNumber.text(decimals:)`
  /// of `.exact`) at `text[start...]` (room for `DecimalText.maxBillionthsCount` bytes), and
  /// returns the index after it. Its text, digits with at most one `.` after a `-` when negative,
  /// is plain (`isPlain`).
  package static func write(
    billionths: Int64, decimals: Int?, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) -> Int {
    guard let decimals else { return DecimalText.write(billionths: billionths, into: text, at: start) }
    var rounded = DecimalText.rounded(units: Int128(billionths), fractionDigits: 9, decimals: decimals)
    return rounded.withUTF8 { text[start...].initialize(fromContentsOf: $0) }
  }

  /// Whether a spreadsheet would read the cell of UTF-8 `bytes` as a formula: its first scalar after
  /// leading white space (whole characters of white space: some spreadsheets skip them) is `=`,
  /// `+`, `-` or `@`, and it is not a plain number from there (`isPlainNumber`).
  private static func startsFormula(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // ASCII white space then an ASCII byte ends the white space there (only CR LF joins two ASCII
    // scalars in one character, both white space); a non-ASCII scalar on the way is left to the
    // characters of the text.
    let isWhiteSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
    guard let first = bytes.firstIndex(where: { !isWhiteSpace($0) }) else { return false }
    guard bytes[first] < 0x80 else { return startsFormula(String(decoding: bytes, as: UTF8.self)) }
    return "=+-@".utf8.contains(bytes[first]) && !isPlainNumber(Array(bytes[first...])[...])
  }

  /// `startsFormula` of the characters of `text`.
  private static func startsFormula(_ text: String) -> Bool {
    let formula = Substring(text).drop { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
    guard let first = formula.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) else {
      return false
    }
    return !isPlainNumber(Array(formula.utf8)[...])
  }

  /// Appends a text cell of UTF-8 `bytes` as the generator writes it with `options`
  /// (`withText(_:options:_:)`), then as `escape` writes it.
  package static func append(
    text bytes: UnsafeBufferPointer<UInt8>, options: RenderOptions, to out: inout [UInt8]
  ) {
    withText(bytes, options: options) { append(utf8: $0, to: &out) }
  }

  /// Calls `body` with the text of a cell of UTF-8 `bytes` as the generator writes it with
  /// `options`, before the CSV escaping: on a terminal escaped as text output is
  /// (`TextEscaping.terminal`), else the bytes themselves.
  package static func withText<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, options: RenderOptions, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    guard options.terminal else { return body(bytes) }
    var text = TextEscaping.terminal(String(decoding: bytes, as: UTF8.self))
    return text.withUTF8(body)
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
    return !holdsQuotingByte(bytes)
  }

  /// Whether any of `bytes` is a comma, a quote or a line break: eight bytes at a time, the last
  /// eight (overlapping) for the rest; fewer than eight one at a time.
  private static func holdsQuotingByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    guard count >= 8, let raw = bytes.baseAddress.map(UnsafeRawPointer.init) else {
      return bytes.contains { byte in
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
      }
    }
    func word(at offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    var index = 0
    while index + 8 <= count {
      if holdsQuotingByte(word(at: index)) { return true }
      index += 8
    }
    return index < count && holdsQuotingByte(word(at: count - 8))
  }

  /// Whether any byte of `word` is a comma, a quote or a line break: first whether any is below
  /// `-` (0x2D, above all four), then each compared by the zero-byte test of the word XORed with it
  /// repeated.
  @inline(__always)
  private static func holdsQuotingByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    guard (word &- ones &* 0x2D) & ~word & (ones &* 0x80) != 0 else { return false }
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
  static func isPlainNumber(_ text: ArraySlice<UInt8>) -> Bool {
    var bytes = text
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
