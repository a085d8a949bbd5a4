/// The result of parsing a command's arguments against its declared options.
struct ParsedArguments: Sendable {
  /// Positional arguments in order (everything after `--` included).
  var positionals: [String] = []
  /// Option values by long name; a flag has the value "" (last occurrence wins).
  var values: [String: String] = [:]
  /// Every option given, in command-line order (a repeated option once per time given), for options
  /// that may be repeated or pair with the one before (`--ingredient X --grams 80`).
  var occurrences: [(long: String, value: String)] = []

  /// Whether `option` was given.
  func has(_ option: OptionSpec) -> Bool { values[option.long] != nil }

  /// The value `option` was last given, if it was.
  func value(_ option: OptionSpec) -> String? { values[option.long] }

  /// Every value of a repeatable option, in the order given.
  func all(_ option: OptionSpec) -> [String] { occurrences.filter { $0.long == option.long }.map(\.value) }

  /// Records that `option` was given with `value` (the last value wins in `values`).
  mutating func record(_ option: OptionSpec, _ value: String) {
    values[option.long] = value
    occurrences.append((option.long, value))
  }
}
