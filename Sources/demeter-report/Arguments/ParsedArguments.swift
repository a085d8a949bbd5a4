/// The result of parsing a command's arguments against its declared options.
struct ParsedArguments: Sendable {
  /// Positional arguments in order (everything after `--` included).
  var positionals: [String] = []
  /// Option values by long name; a flag has the value "" (last occurrence wins).
  var values: [String: String] = [:]
  /// Every value of each option, in the order given (for repeatable options such as `--journal`).
  var allValues: [String: [String]] = [:]

  func has(_ long: String) -> Bool { values[long] != nil }

  func value(_ long: String) -> String? { values[long] }

  /// Every value given for `long`, in order; empty when it is not given.
  func values(_ long: String) -> [String] { allValues[long] ?? [] }

  /// Records a value of `long`: its last value, and one more of its values.
  mutating func set(_ long: String, _ value: String) {
    values[long] = value
    allValues[long, default: []].append(value)
  }
}
