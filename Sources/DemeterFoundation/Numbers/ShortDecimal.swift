/// Reading the short plain decimals that tables are full of (`143`, `12.56`, `-0.37`) as `Double`
/// without `strtod`: at most 15 digits and no exponent make a whole number below 2^53 divided by a
/// power of ten up to 10^22, both exact, so the one division is correctly rounded: the same
/// `Double` that `Double(text)` reads. Other text gives nil (the caller reads it the general way).
public enum ShortDecimal {
  /// The value of `bytes` when they are `-`? digits (`.` digits)?, with at most 15 digits; else nil.
  package static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var position = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { position = 1 }
    var mantissa: Int64 = 0
    var digits = 0
    var fractionDigits = 0
    var afterPoint = false
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: ".") {
        // A point needs a digit on each side (`5.` and `.5` go the general way).
        guard !afterPoint, digits > 0, position + 1 < bytes.count else { return nil }
        afterPoint = true
      } else {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10, digits < maximumDigits else { return nil }
        mantissa = mantissa &* 10 &+ Int64(digit)
        digits += 1
        if afterPoint { fractionDigits += 1 }
      }
      position += 1
    }
    guard digits > 0 else { return nil }
    let value = Double(mantissa) / powersOfTen[fractionDigits]
    return negative ? -value : value
  }

  /// `double` of the text's UTF-8, else `Double(text)`.
  public static func double(_ text: Substring) -> Double? {
    var text = text
    return text.withUTF8 { double($0) } ?? Double(text)
  }

  static let maximumDigits = 15
  /// 10^0 … 10^15, each exact in a `Double`.
  private static let powersOfTen: [Double] = (0...maximumDigits).map { exponent in
    (0..<exponent).reduce(1.0) { power, _ in power * 10 }
  }
}
