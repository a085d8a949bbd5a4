import DemeterCore
import DemeterReports

/// Parses command-line arguments against declared options: long and short forms, `--opt=value`,
/// `-fVALUE`, and `--` to end options. Mistakes become `CommandError.usage` with a suggestion.
struct ArgumentParser {
  var options: [OptionSpec]

  func parse(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        parsed.positionals += arguments[index...]
        break
      }
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = options.first(where: { $0.long == name }) else {
          throw .usage(unknownOptionMessage("--\(name)"))
        }
        parsed.record(option, try value(for: option, shown: "--\(name)", inline: inline, arguments, &index))
      } else if argument.hasPrefix("-"), argument.count > 1, !isNegativeNumber(argument) {
        let letter = argument.dropFirst().first!
        guard let option = options.first(where: { $0.short == letter }) else {
          throw .usage(unknownOptionMessage(argument))
        }
        let rest = String(argument.dropFirst(2))
        if case .flag = option.kind, !rest.isEmpty {
          throw .usage("option -\(letter) takes no value (got '\(argument)')")
        }
        parsed.record(
          option,
          try value(for: option, shown: "-\(letter)", inline: rest.isEmpty ? nil : rest, arguments, &index))
      } else {
        parsed.positionals.append(argument)
      }
    }
    return parsed
  }

  private func value(
    for option: OptionSpec, shown: String, inline: String?, _ arguments: [String], _ index: inout Int
  ) throws(CommandError) -> String {
    switch option.kind {
    case .flag:
      if inline != nil { throw .usage("option \(shown) takes no value") }
      return ""
    case .value(let placeholder):
      if let inline { return inline }
      guard index < arguments.count else { throw .usage("option \(shown) needs a value (\(placeholder))") }
      index += 1
      return arguments[index - 1]
    }
  }

  private func unknownOptionMessage(_ written: String) -> String {
    var message = "unknown option '\(written)'"
    let names = options.map { "--\($0.long)" }
    if let suggestion = Suggestion.closest(to: written, among: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message
  }

  private func isNegativeNumber(_ text: String) -> Bool {
    Double(text) != nil
  }
}
