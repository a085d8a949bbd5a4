/// Decimal digits written straight into a text buffer, for the texts built in one buffer (fixed
/// decimals, dates, timestamps).
package enum DecimalDigits {
  /// How many decimal digits `value` has (1 for 0).
  package static func count(_ value: UInt64) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }

  /// Writes the last `count` decimal digits of `value`, zeros in front, at `text[start..<start + count]`.
  package static func write(_ value: UInt64, count: Int, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int)
  {
    var rest = value
    for index in stride(from: start + count - 1, through: start, by: -1) {
      text[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
  }

  /// Appends the last `count` decimal digits of `value`, zeros in front.
  package static func append(_ value: UInt64, count: Int, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { text in
      write(value, count: count, into: text, at: 0)
      out.append(contentsOf: UnsafeBufferPointer(text))
    }
  }

  /// Appends the decimal digits of `value`.
  package static func append(_ value: UInt64, to out: inout [UInt8]) {
    append(value, count: count(value), to: &out)
  }
}
