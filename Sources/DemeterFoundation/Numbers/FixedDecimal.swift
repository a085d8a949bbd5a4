/// An exact decimal number with nine fractional digits, stored as a count of billionths.
///
/// Journal numbers (kcal, grams, confidence) are decimal text; keeping them as fixed-point integers
/// makes every total exact and independent of summation order. Values with more than nine decimals
/// are rounded half-to-even to the nearest billionth when read.
public struct FixedDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Billionths per unit.
  public static let unitsPerOne: Int64 = 1_000_000_000
  /// The largest magnitude a journal number may have (about 9.2 billion).
  public static let largest = FixedDecimal(billionths: Int64.max)
  public static let zero = FixedDecimal(billionths: 0)

  public var billionths: Int64

  public init(billionths: Int64) {
    self.billionths = billionths
  }

  /// The whole number `value`, or nil if it is out of range.
  public init?(_ value: Int) {
    let (product, overflow) = Int64(value).multipliedReportingOverflow(by: Self.unitsPerOne)
    if overflow { return nil }
    self.billionths = product
  }

  public static func < (a: FixedDecimal, b: FixedDecimal) -> Bool { a.billionths < b.billionths }

  /// The nearest `Double` (correctly rounded): below 2^53 billionths both operands of the division
  /// are exact, so the one IEEE division rounds correctly; larger values go through the decimal text.
  public var doubleValue: Double {
    billionths.magnitude < 1 << 53
      ? Double(billionths) / Double(Self.unitsPerOne) : Double(description)!
  }

  /// The shortest exact decimal text: `182`, `12.2`, `-0.005`.
  public var description: String {
    DecimalText.format(units: Int128(billionths), fractionDigits: 9)
  }
}

// MARK: - Reading JSON number text

extension FixedDecimal {
  /// What reading a JSON number literal as a fixed decimal gave.
  public enum ReadResult: Sendable, Hashable {
    /// The literal's value exactly.
    case exact(FixedDecimal)
    /// The literal had more than nine decimals; this is the nearest billionth (half to even).
    case rounded(FixedDecimal)
    /// The magnitude exceeds `FixedDecimal.largest`.
    case outOfRange
  }

  /// Reads a number literal that is already known to match the JSON number grammar
  /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
  /// - Complexity: O(n) in the literal's length, no allocation.
  package static func read(jsonNumber bytes: UnsafeBufferPointer<UInt8>) -> ReadResult {
    var index = 0
    let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    // Locate the digit run(s) and the exponent.
    let integerStart = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    let integerEnd = index
    var fractionStart = index
    var fractionEnd = index
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      fractionStart = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      fractionEnd = index
    }
    var exponent = 0
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      while index < bytes.count, isDigit(bytes[index]) {
        if exponent < 10_000_000 { exponent = exponent * 10 + Int(bytes[index] &- 48) }
        index += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    // The digits D = integer digits followed by fraction digits; value = 0.D × 10^point.
    let digitCount = (integerEnd - integerStart) + (fractionEnd - fractionStart)
    func digit(_ k: Int) -> UInt8 {
      let integerCount = integerEnd - integerStart
      return k < integerCount ? bytes[integerStart + k] &- 48 : bytes[fractionStart + k - integerCount] &- 48
    }
    var first = 0
    while first < digitCount, digit(first) == 0 { first += 1 }
    if first == digitCount { return .exact(.zero) }
    let point = (integerEnd - integerStart) - first + exponent
    // Digits of D (after leading zeros) that form the whole number of billionths.
    let kept = point + 9
    if kept > 19 { return .outOfRange }
    var units: UInt64 = 0
    var k = 0
    while k < kept {
      let d = first + k < digitCount ? UInt64(digit(first + k)) : 0
      let (times10, o1) = units.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(d)
      if o1 || o2 { return .outOfRange }
      units = sum
      k += 1
    }
    // Round half to even on the dropped digits.
    let dropStart = first + Swift.max(kept, 0)
    var inexact = false
    if dropStart < digitCount {
      let firstDropped = kept < 0 ? 0 : digit(dropStart)
      var sticky = false
      var j = kept < 0 ? first : dropStart + 1
      while j < digitCount {
        if digit(j) != 0 {
          sticky = true
          break
        }
        j += 1
      }
      inexact = firstDropped != 0 || sticky || kept < 0
      if kept >= 0, firstDropped > 5 || (firstDropped == 5 && (sticky || units & 1 == 1)) {
        units += 1
      }
    }
    guard units <= UInt64(Int64.max) else { return .outOfRange }
    let value = FixedDecimal(billionths: negative ? -Int64(units) : Int64(units))
    return inexact ? .rounded(value) : .exact(value)
  }

  /// Reads a JSON number literal given as text (see `read(jsonNumber:)`).
  public static func read(jsonNumber text: String) -> ReadResult {
    var text = text
    return text.withUTF8 { read(jsonNumber: $0) }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
}
