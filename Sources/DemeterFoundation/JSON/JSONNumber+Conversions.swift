// Reading a JSON number literal as a Double or an exact integer.

extension JSONNumber {
  /// The nearest `Double` to the literal (correctly rounded; `-0` gives -0.0, tiny values 0).
  /// Literals from `JSONParser` are always finite. A literal that is not JSON number syntax gives NaN.
  public var doubleValue: Double {
    guard withLiteralBytes({ JSONNumberParts($0) != nil }) else { return .nan }
    return withLiteralBytes { ShortDecimal.double($0) } ?? Double(literal) ?? .nan
  }

  /// The value as an `Int` if it is a whole number that fits: `12`, `-0`, `1e3`, `12.0` and
  /// `1.5e1` qualify; `1.5`, `1e-3`, `1e19` and text that is not a JSON number do not.
  public var intValue: Int? {
    withLiteralBytes { bytes -> Int? in
      guard let parts = JSONNumberParts(bytes) else { return nil }
      // value = ±D × 10^exponent, D = the integer digits followed by the fraction digits.
      let integerCount = parts.integer.count
      func digit(_ k: Int) -> UInt64 {
        let offset =
          k < integerCount ? parts.integer.lowerBound + k : parts.fraction.lowerBound + k - integerCount
        return UInt64(bytes[offset] &- JSONByte.zero)
      }
      var first = 0
      var end = integerCount + parts.fraction.count
      var exponent = parts.exponent - parts.fraction.count
      while first < end, digit(first) == 0 { first += 1 }
      if first == end { return 0 }
      while digit(end - 1) == 0 {
        end -= 1
        exponent += 1
      }
      guard exponent >= 0, end - first + exponent <= 19 else { return nil }
      var magnitude: UInt64 = 0
      for k in first..<end { magnitude = magnitude * 10 + digit(k) }
      for _ in 0..<exponent { magnitude *= 10 }
      let limit = UInt64(Int.max) + (parts.negative ? 1 : 0)
      guard magnitude <= limit else { return nil }
      if parts.negative { return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude) }
      return Int(magnitude)
    }
  }

  private func withLiteralBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = literal
    return text.withUTF8(body)
  }
}

/// The parts of a number literal: value = ±(integer digits . fraction digits) × 10^exponent.
private struct JSONNumberParts {
  package var negative = false
  /// Offsets of the integer digits.
  package var integer: Range<Int>
  /// Offsets of the fraction digits (empty without a decimal point).
  package var fraction: Range<Int>
  /// The written exponent, saturated at ±100 000 000.
  package var exponent = 0

  /// Nil unless `bytes` match `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  package init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    func digitRun() -> Range<Int> {
      let start = index
      while index < bytes.count, JSONByte.isDigit(bytes[index]) { index += 1 }
      return start..<index
    }
    if index < bytes.count, bytes[index] == JSONByte.minus {
      negative = true
      index += 1
    }
    integer = digitRun()
    guard !integer.isEmpty, integer.count == 1 || bytes[integer.lowerBound] != JSONByte.zero else {
      return nil
    }
    fraction = index..<index
    if index < bytes.count, bytes[index] == JSONByte.dot {
      index += 1
      fraction = digitRun()
      guard !fraction.isEmpty else { return nil }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < bytes.count, bytes[index] == JSONByte.plus || bytes[index] == JSONByte.minus {
        exponentNegative = bytes[index] == JSONByte.minus
        index += 1
      }
      let written = digitRun()
      guard !written.isEmpty else { return nil }
      for position in written where exponent < 100_000_000 {
        exponent = exponent * 10 + Int(bytes[position] &- JSONByte.zero)
      }
      if exponentNegative { exponent = -exponent }
    }
    guard index == bytes.count else { return nil }
  }
}
