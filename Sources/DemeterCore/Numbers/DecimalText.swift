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
