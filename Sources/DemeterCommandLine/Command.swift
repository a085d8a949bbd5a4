import DemeterReports

/// A subcommand, described once: its help, usage, completions and option parsing all come from this
/// value.
struct Command: Sendable {
  var name: String
  /// One line for the command list.
  var abstract: String
  /// The options the usage line names before the positionals, as the ones to give
  /// (`import --from KIND FILE…`).
  var usageOptions: [OptionSpec] = []
  /// Its positional arguments, in order (`[PERIOD]`, `FILE…`).
  var positionals: [Positional]
  /// Longer explanation shown by `help COMMAND`.
  var discussion: String
  /// Example invocations with what they do.
  var examples: [(command: String, meaning: String)]
  var options: [OptionSpec]
  var run: @Sendable (ParsedArguments, inout Console) throws(CommandError) -> Int32
  /// Commands one level down (`ingredients search`): a first argument naming one runs it, with its
  /// own options and help, instead of this command.
  var subcommands: [Command] = []
  /// The command this one is a subcommand of (`ingredients` for `ingredients search`).
  var parent: String?

  /// `week [PERIOD] [options]`, `ingredients search QUERY [options]`: the usage line, from the
  /// declarations.
  var usage: String {
    let words =
      [parent, name].compactMap { $0 } + usageOptions.map(\.usageSynopsis) + positionals.map(\.synopsis)
      + (options.isEmpty ? [] : ["[options]"])
    return words.joined(separator: " ")
  }
}
