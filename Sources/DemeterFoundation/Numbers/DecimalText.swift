/// Locale-free decimal formatting of fixed-point integers.
public enum DecimalText {
  /// `units / 10^fractionDigits` as the shortest exact decimal text (no trailing zeros, no exponent).
  public static func format(units: Int128, fractionDigits: Int) -> String {
    var text: [UInt8] = []
    appendFormat(units: units, fractionDigits: fractionDigits, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends `format(units:fractionDigits:)`'s text to `out`.
  public static func appendFormat(units: Int128, fractionDigits: Int, to out: inout [UInt8]) {
    let magnitude = units.magnitude
    guard magnitude >> 64 == 0, fractionDigits <= 19 else {
      if units < 0 { out.append(UInt8(ascii: "-")) }
      var scale: UInt128 = 1
      for _ in 0..<fractionDigits { scale *= 10 }
      out.append(contentsOf: String(magnitude / scale).utf8)
      appendFraction(magnitude % scale, digits: fractionDigits, to: &out)
      return
    }
    // The whole text in one buffer, appended at once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 41) { text in
      let count = write(
        magnitude: UInt64(magnitude), negative: units < 0, fractionDigits: fractionDigits, into: text, at: 0)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<count]))
    }
  }

  /// The most bytes `write(billionths:into:at:)` writes: a sign, 10 whole digits, a point, 9 decimals.
  package static let maxBillionthsCount = 21

  /// Writes `format(units: billionths, fractionDigits: 9)` at `text[start...]` (room for
  /// `maxBillionthsCount` bytes); the index after it.
  package static func write(billionths: Int64, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
    write(magnitude: billionths.magnitude, negative: billionths < 0, fractionDigits: 9, into: text, at: start)
  }

  /// Writes `format`'s text of `magnitude / 10^fractionDigits` (`fractionDigits` ≤ 19), after a `-`
  /// where `negative`, at `text[start...]`; the index after it.
  private static func write(
    magnitude: UInt64, negative: Bool, fractionDigits: Int, into text: UnsafeMutableBufferPointer<UInt8>,
    at start: Int
  ) -> Int {
    var scale: UInt64 = 1
    for _ in 0..<fractionDigits { scale &*= 10 }
    var (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: scale)
    var fractionCount = fraction == 0 ? 0 : fractionDigits
    // The trailing zeros dropped 16, 8, 4, 2 and 1 at a time (a fraction below 10^19 has at most 18).
    func drop(_ zeros: Int, _ power: UInt64) {
      guard fraction % power == 0 else { return }
      fraction /= power
      fractionCount -= zeros
    }
    if fractionCount > 0 {
      drop(16, 10_000_000_000_000_000)
      drop(8, 100_000_000)
      drop(4, 10_000)
      drop(2, 100)
      drop(1, 10)
    }
    var end = start
    if negative {
      text[end] = UInt8(ascii: "-")
      end += 1
    }
    let wholeCount = DecimalDigits.count(whole)
    DecimalDigits.write(whole, count: wholeCount, into: text, at: end)
    end += wholeCount
    guard fractionCount > 0 else { return end }
    text[end] = UInt8(ascii: ".")
    DecimalDigits.write(fraction, count: fractionCount, into: text, at: end + 1)
    return end + 1 + fractionCount
  }

  /// Appends `.` and the `digits` digits of `fraction` without their trailing zeros (nothing for 0).
  private static func appendFraction<Fraction: BinaryInteger>(
    _ fraction: Fraction, digits: Int, to out: inout [UInt8]
  ) {
    guard fraction != 0 else { return }
    var (fraction, digits) = (fraction, digits)
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    out.append(UInt8(ascii: "."))
    if let small = UInt64(exactly: fraction) {
      DecimalDigits.append(small, count: digits, to: &out)
    } else {
      let text = String(fraction)
      out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - text.utf8.count))
      out.append(contentsOf: text.utf8)
    }
  }

  /// Appends `value` in decimal digits, with a `-` when negative.
  public static func appendInteger(_ value: Int, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    DecimalDigits.append(UInt64(value.magnitude), to: &out)
  }

  /// `value` rounded for reading to `decimals` places, always written with exactly that many
  /// decimals. The number is taken as the decimal a person wrote (its shortest form: 9.95, not
  /// 9.9499…) and rounded half away from zero, so 182.5 → 183 and 9.95 → 10.0. Locale-free.
  public static func rounded(_ value: Double, decimals: Int) -> String {
    precondition(decimals >= 0)
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    let text = shortest(value)
    let negative = text.hasPrefix("-")
    let unsigned = negative ? text.dropFirst() : Substring(text)
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? Array(parts[1].utf8) : []
    var digits = Array(parts[0].utf8) + fraction.prefix(decimals)
    digits += [UInt8](repeating: UInt8(ascii: "0"), count: decimals - min(decimals, fraction.count))
    if fraction.count > decimals, fraction[decimals] >= UInt8(ascii: "5") {
      var index = digits.count - 1
      while index >= 0, digits[index] == UInt8(ascii: "9") {
        digits[index] = UInt8(ascii: "0")
        index -= 1
      }
      if index >= 0 { digits[index] += 1 } else { digits.insert(UInt8(ascii: "1"), at: 0) }
    }
    let integerCount = digits.count - decimals
    var result = String(decoding: digits[..<integerCount], as: UTF8.self)
    if decimals > 0 { result += "." + String(decoding: digits[integerCount...], as: UTF8.self) }
    let isZero = digits.allSatisfy { $0 == UInt8(ascii: "0") }
    return (negative && !isZero ? "-" : "") + result
  }

  /// `value` rounded to `decimals` places as `rounded(_:decimals:)` rounds it, written without the
  /// fraction's trailing zeros: `2.50` as `2.5`, `1.0` as `1`.
  public static func roundedTrimmed(_ value: Double, decimals: Int) -> String {
    let text = rounded(value, decimals: decimals)
    guard decimals > 0, let last = text.utf8.lastIndex(where: { $0 != UInt8(ascii: "0") }) else {
      return text
    }
    let end = text.utf8[last] == UInt8(ascii: ".") ? last : text.utf8.index(after: last)
    return String(text[..<end])
  }

  /// `units / 10^fractionDigits` rounded half away from zero to `decimals` places, written with exactly
  /// that many decimals.
  public static func rounded(units: Int128, fractionDigits: Int, decimals: Int) -> String {
    rounded(numerator: units, denominator: power10(fractionDigits), decimals: decimals)
  }

  /// The exact quotient `numerator / denominator` (denominator > 0) rounded to
  /// `decimals` places (0–9), half away from zero, written with exactly that many decimals.
  public static func rounded(numerator: Int128, denominator: Int128, decimals: Int) -> String {
    precondition(denominator > 0 && decimals >= 0 && decimals <= 9)
    let scaled = numerator.magnitude * UInt128(power10(decimals))
    let divisor = UInt128(denominator)
    let result: Int128
    if scaled >> 63 == 0, divisor >> 63 == 0 {
      let (small, smallDivisor) = (UInt64(scaled), UInt64(divisor))
      let quotient = small / smallDivisor
      result = Int128((small % smallDivisor) * 2 >= smallDivisor ? quotient + 1 : quotient)
    } else {
      let quotient = scaled / divisor
      result = Int128((scaled % divisor) * 2 >= divisor ? quotient + 1 : quotient)
    }
    return fixed(units: numerator < 0 ? -result : result, decimals: decimals)
  }

  static func power10(_ exponent: Int) -> Int128 {
    var value: Int128 = 1
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// `units / 10^decimals` with exactly `decimals` decimals (`-0.00` is written `0.00`).
  public static func fixed(units: Int128, decimals: Int) -> String {
    guard units.magnitude >> 63 == 0, decimals <= 18 else {
      return fixedPieceByPiece(units: units, decimals: decimals)
    }
    let value = UInt64(units.magnitude)
    var divisor: UInt64 = 1
    for _ in 0..<decimals { divisor &*= 10 }
    let (integer, fraction) = value.quotientAndRemainder(dividingBy: divisor)
    let integerCount = DecimalDigits.count(integer)
    let signCount = units < 0 ? 1 : 0
    let total = signCount + integerCount + (decimals > 0 ? 1 + decimals : 0)
    return String(unsafeUninitializedCapacity: total) { text in
      if signCount == 1 { text[0] = UInt8(ascii: "-") }
      DecimalDigits.write(integer, count: integerCount, into: text, at: signCount)
      if decimals > 0 {
        text[signCount + integerCount] = UInt8(ascii: ".")
        DecimalDigits.write(fraction, count: decimals, into: text, at: signCount + integerCount + 1)
      }
      return total
    }
  }

  /// `fixed` for any magnitude, piece by piece.
  package static func fixedPieceByPiece(units: Int128, decimals: Int) -> String {
    var scale: UInt128 = 1
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = units.magnitude
    var text = units < 0 ? "-" : ""
    text += String(magnitude / scale)
    if decimals > 0 {
      let fraction = String(magnitude % scale)
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

}

extension DecimalText {
  /// The shortest decimal text that reads back to `value`, written without an exponent
  /// (`0.00001`, not `1e-05`); `-0` is written `0`.
  public static func shortest(_ value: Double) -> String {
    var text: [UInt8] = []
    appendShortest(value, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends `shortest(value)`'s text to `out`.
  public static func appendShortest(_ value: Double, to out: inout [UInt8]) {
    guard value.isFinite else {
      out.append(contentsOf: (value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")).utf8)
      return
    }
    guard value != 0 else {
      out.append(UInt8(ascii: "0"))
      return
    }
    // The standard library's text (`2.5`, `3.0`, `-2.5e-07`, `1e+16`), written straight into `out`.
    let start = out.count
    var sink = ByteSink()
    swap(&sink.bytes, &out)
    value.write(to: &sink)
    swap(&sink.bytes, &out)
    guard out[start...].contains(UInt8(ascii: "e")) else {
      let end = out.count
      if end - start > 2, out[end - 2] == UInt8(ascii: "."), out[end - 1] == UInt8(ascii: "0") { out.removeLast(2) }
      return
    }
    let text = Array(out[start...])
    out.removeSubrange(start...)
    text.withUnsafeBufferPointer { appendWithoutExponent($0, to: &out) }
  }

  /// Bytes that text is written to; numbers print their digits into it without making a `String`
  /// (`_writeASCII`, which the standard library's `Double.write(to:)` calls).
  private struct ByteSink: TextOutputStream {
    package var bytes: [UInt8] = []

    package mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
  }

  /// Appends a `Double`'s text with an exponent (`-1.25e-05`, `1e+16`) written without it.
  private static func appendWithoutExponent(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    var mark = 0
    while text[mark] != UInt8(ascii: "e") { mark += 1 }
    let negative = text[0] == UInt8(ascii: "-")
    var digits: [UInt8] = []
    var integerCount = 0
    var seenPoint = false
    for byte in text[(negative ? 1 : 0)..<mark] {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else {
        digits.append(byte)
        if !seenPoint { integerCount += 1 }
      }
    }
    let exponent = Int(String(decoding: UnsafeBufferPointer(rebasing: text[(mark + 1)...]), as: UTF8.self))!
    var point = integerCount + exponent
    while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
    while digits.count > 1, digits.first == UInt8(ascii: "0") {
      digits.removeFirst()
      point -= 1
    }
    let zero = UInt8(ascii: "0")
    if negative { out.append(UInt8(ascii: "-")) }
    if point <= 0 {
      out.append(contentsOf: [zero, UInt8(ascii: ".")] + repeatElement(zero, count: -point))
      out.append(contentsOf: digits)
    } else if point >= digits.count {
      out.append(contentsOf: digits)
      out.append(contentsOf: repeatElement(zero, count: point - digits.count))
    } else {
      out.append(contentsOf: digits[..<point])
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: digits[point...])
    }
  }
}
