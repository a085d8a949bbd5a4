/// The result of parsing a command's arguments against its declared options.
struct ParsedArguments: Sendable {
  /// Positional arguments in order (everything after `--` included).
  var positionals: [String] = []
  /// Option values by long name; a flag has the value "" (last occurrence wins).
  var values: [String: String] = [:]

  func has(_ long: String) -> Bool { values[long] != nil }

  func value(_ long: String) -> String? { values[long] }
}
