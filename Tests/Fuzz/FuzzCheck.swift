/// Checks for the fuzz targets: a failed check prints why and traps, which libFuzzer reports as a
/// crash with the input that caused it.
enum FuzzCheck {
  static func that(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
  }

  static func same<Value: Equatable>(_ a: Value, _ b: Value, _ message: @autoclosure () -> String) {
    if a != b { fatalError("\(message()):\n\(a)\n\(b)") }
  }
}
