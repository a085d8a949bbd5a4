// Number scanning: the strict JSON number grammar and the overflow check.

extension JSONReader {
  /// Parses the number at `index` (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) and rejects
  /// literals whose `Double` value would be infinite.
  mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
    let range = try scanNumber()
    return JSONNumber(literal: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
  }

  /// Validates the number at `index` as `parseNumber` does and moves past it, returning the range
  /// of its literal without building a `String`.
  package mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
    let start = index
    if bytes[index] == JSONByte.minus {
      index += 1
      guard index < count, JSONByte.isDigit(bytes[index]) else {
        if index < count, JSONByte.isLetter(bytes[index]) { throw wordError(at: index, signAt: start) }
        throw expected("a digit after '-'", at: index)
      }
    }
    let integerStart = index
    if bytes[index] == JSONByte.zero {
      index += 1
      if index < count, JSONByte.isDigit(bytes[index]) {
        throw fail(integerStart, "leading zeros are not allowed in numbers")
      }
    } else {
      skipDigits()
    }
    let integerEnd = index
    var fractionStart = index
    if index < count, bytes[index] == JSONByte.dot {
      index += 1
      fractionStart = index
      guard index < count, JSONByte.isDigit(bytes[index]) else {
        throw expected("a digit after the decimal point", at: index)
      }
      skipDigits()
    }
    let fractionEnd = index
    var exponent = 0
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var negative = false
      if index < count, bytes[index] == JSONByte.plus || bytes[index] == JSONByte.minus {
        negative = bytes[index] == JSONByte.minus
        index += 1
      }
      guard index < count, JSONByte.isDigit(bytes[index]) else {
        throw expected("a digit in the exponent", at: index)
      }
      while index < count, JSONByte.isDigit(bytes[index]) {
        if exponent < 100_000_000 { exponent = exponent * 10 + Int(bytes[index] &- JSONByte.zero) }
        index += 1
      }
      if negative { exponent = -exponent }
    }
    // The value is below 10^magnitude; below 10^308 it cannot round to infinity.
    if let magnitude = decimalMagnitude(
      integer: integerStart..<integerEnd, fraction: fractionStart..<fractionEnd, exponent: exponent),
      magnitude > 308
    {
      let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      if !(Double(literal) ?? .infinity).isFinite {
        throw fail(start, "number \(JSONReader.abbreviate(literal)) is too large for a 64-bit float")
      }
    }
    return start..<index
  }

  private mutating func skipDigits() {
    while index < count, JSONByte.isDigit(bytes[index]) { index += 1 }
  }

  /// The smallest k with |value| < 10^k, or nil when the value is zero.
  private func decimalMagnitude(integer: Range<Int>, fraction: Range<Int>, exponent: Int) -> Int? {
    if bytes[integer.lowerBound] != JSONByte.zero { return integer.count + exponent }
    var position = fraction.lowerBound
    while position < fraction.upperBound {
      if bytes[position] != JSONByte.zero { return exponent - (position - fraction.lowerBound) }
      position += 1
    }
    return nil
  }
}
