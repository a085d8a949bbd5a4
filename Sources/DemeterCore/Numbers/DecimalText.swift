/// Locale-free decimal formatting of fixed-point integers.
public enum DecimalText {
  /// `units / 10^fractionDigits` as the shortest exact decimal text (no trailing zeros, no exponent).
  public static func format(units: Int128, fractionDigits: Int) -> String {
    let negative = units < 0
    let magnitude = units.magnitude
    var scale: UInt128 = 1
    for _ in 0..<fractionDigits { scale *= 10 }
    let whole = magnitude / scale
    var fraction = magnitude % scale
    var text = negative ? "-" : ""
    text += String(whole)
    if fraction != 0 {
      var digits = fractionDigits
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let fractionText = String(fraction)
      text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return text
  }

  /// `value` rounded half away from zero to `decimals` places, always with exactly that many decimals.
  /// Locale-free, used for reading-oriented output (kcal 0 decimals, grams 1).
  public static func rounded(_ value: Double, decimals: Int) -> String {
    precondition(decimals >= 0 && decimals <= 9)
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 1e18 else { return String(value) }
    let units = Int128(scaled)
    let whole = units / Int128(scale)
    let fraction = units % Int128(scale)
    var text = (value < 0 && units != 0 ? "-" : "") + String(whole)
    if decimals > 0 {
      let fractionText = String(fraction)
      text += "." + String(repeating: "0", count: decimals - fractionText.count) + fractionText
    }
    return text
  }
}

extension DecimalText {
  /// The shortest decimal text that reads back to `value`, written without an exponent
  /// (`0.00001`, not `1e-05`); `-0` is written `0`.
  public static func shortest(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    if value == 0 { return "0" }
    let text = value.description
    guard let exponentMark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
      return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
    let exponent = Int(text[text.index(after: exponentMark)...])!
    var mantissa = String(text[..<exponentMark])
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa.removeFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let integerDigits = String(parts[0])
    let fractionDigits = parts.count > 1 ? String(parts[1]) : ""
    var digits = integerDigits + fractionDigits
    var point = integerDigits.count + exponent
    while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
    while digits.hasPrefix("0"), digits.count > 1 {
      digits.removeFirst()
      point -= 1
    }
    let body: String
    if point <= 0 {
      body = "0." + String(repeating: "0", count: -point) + digits
    } else if point >= digits.count {
      body = digits + String(repeating: "0", count: point - digits.count)
    } else {
      let split = digits.index(digits.startIndex, offsetBy: point)
      body = digits[..<split] + "." + digits[split...]
    }
    return (negative ? "-" : "") + body
  }
}
