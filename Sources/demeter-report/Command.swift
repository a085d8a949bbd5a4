/// A subcommand, described once: its help, usage and option parsing all come from this value.
struct Command: Sendable {
  var name: String
  /// One line for the command list.
  var abstract: String
  /// `week [PERIOD] [options]`.
  var usage: String
  /// Longer explanation shown by `help COMMAND`.
  var discussion: String
  /// Example invocations with what they do.
  var examples: [(command: String, meaning: String)]
  var options: [OptionSpec]
  var run: @Sendable (ParsedArguments, inout Console) throws(CLIError) -> Int32
  /// Commands one level down (`ingredients search`): a first argument naming one runs it, with its
  /// own options and help, instead of this command.
  var subcommands: [Command] = []
}
