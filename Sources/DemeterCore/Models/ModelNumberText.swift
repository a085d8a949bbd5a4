/// Locale-free shortest text of a `Double` for messages and JSON number literals.
enum ModelNumberText {
  /// Whole numbers without a fraction (`717`, not `717.0`), others as the shortest text that reads
  /// back to the same `Double` (`0.85`, `1e-05`); `nan`, `inf` and `-inf` for non-finite values.
  static func shortest(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    if value == value.rounded(), value.magnitude < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}
