/// A command-line option, declared once; parsing, help and suggestions all come from it.
struct OptionSpec: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// `--strict`: present or not.
    case flag
    /// `--journal DIR`, `--journal=DIR`, `-f csv`.
    case value(placeholder: String)
  }

  var long: String
  var short: Character?
  var kind: Kind
  var help: String

  static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, kind: .flag, help: help)
  }

  static func value(_ long: String, short: Character? = nil, _ placeholder: String, help: String)
    -> OptionSpec
  {
    OptionSpec(long: long, short: short, kind: .value(placeholder: placeholder), help: help)
  }

  /// `--from KIND` as a usage line names it.
  var usageSynopsis: String {
    guard case .value(let placeholder) = kind else { return "--\(long)" }
    return "--\(long) \(placeholder)"
  }

  /// `-f, --format FORMAT` as shown in help.
  var synopsis: String {
    var text = short.map { "-\($0), " } ?? "    "
    text += "--\(long)"
    if case .value(let placeholder) = kind { text += " \(placeholder)" }
    return text
  }
}
