/// Numbers as the tables show them, without Foundation: fixed decimals, durations with a unit,
/// decimal byte sizes, rates and factors.
enum NumberText {
  /// `value` rounded to `decimals` places (half away from zero), `-` for negatives; `—` if not finite.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let units = (abs(value) * scale).rounded()
    guard units < 9e18 else { return value < 0 ? "-huge" : "huge" }
    let whole = UInt64(units)
    let integerPart = whole / UInt64(scale)
    var text = value < 0 && whole != 0 ? "-" : ""
    text += String(integerPart)
    if decimals > 0 {
      let fraction = String(whole % UInt64(scale))
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

  /// Three significant digits at most: 2 decimals below 10, 1 below 100, none from 100.
  static func significant(_ value: Double) -> String {
    let magnitude = abs(value)
    return fixed(value, magnitude < 9.995 ? 2 : magnitude < 99.95 ? 1 : 0)
  }

  /// A duration with a readable unit: `812 ns`, `4.21 µs`, `37.5 ms`, `1.23 s`.
  static func duration(_ seconds: Double) -> String {
    let magnitude = abs(seconds)
    if magnitude < 0.999_5e-6 { return significant(seconds * 1e9) + " ns" }
    if magnitude < 0.999_5e-3 { return significant(seconds * 1e6) + " µs" }
    if magnitude < 0.999_5 { return significant(seconds * 1e3) + " ms" }
    return significant(seconds) + " s"
  }

  /// A size in decimal units: `812 B`, `4.2 KB`, `146.0 MB`, `1.46 GB`.
  static func bytes(_ count: Int) -> String {
    let value = Double(count)
    let magnitude = abs(value)
    if magnitude < 1000 { return "\(count) B" }
    if magnitude < 1e6 { return fixed(value / 1e3, 1) + " KB" }
    if magnitude < 1e9 { return fixed(value / 1e6, 1) + " MB" }
    return fixed(value / 1e9, 2) + " GB"
  }

  /// A count per second with an SI prefix: `812/s`, `4.21 k/s`, `37.5 M/s`.
  static func rate(_ perSecond: Double) -> String {
    guard perSecond.isFinite else { return "—" }
    if perSecond < 999.5 { return significant(perSecond) + "/s" }
    if perSecond < 999.5e3 { return significant(perSecond / 1e3) + " k/s" }
    if perSecond < 999.5e6 { return significant(perSecond / 1e6) + " M/s" }
    return significant(perSecond / 1e9) + " G/s"
  }

  /// A factor such as a margin or a speed-up: `2.31×`, `41.2×`, `2500×`.
  static func factor(_ value: Double) -> String {
    significant(value) + "×"
  }
}
