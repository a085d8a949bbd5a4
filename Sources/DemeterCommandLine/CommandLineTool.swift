import DemeterCore
import DemeterReports

/// The entry point: picks the command, runs it, and is the one place that turns errors into
/// messages and exit codes (manual: command-line).
public enum CommandLineTool {

  static let commands: [Command] =
    ReportCommands.all.map(IngredientsCommand.attachSubcommands) + [
      CheckCommand.command, AddCommand.command, ImportCommand.command, EditCommand.command,
      RemoveCommand.command, ReviewCommand.command, FmtCommand.command, RecipeCommand.command, PlanCommand.command,
      FormatsCommand.command, SampleCommand.command, DigestCommand.command, MergeCommand.command,
      SparkDriverCommand.command,
    ] + DocumentationCommands.all

  /// Runs the command `arguments` name on the process's standard streams.
  public static func run(_ arguments: [String]) -> Int32 {
    var console = Console()
    return run(arguments, console: &console)
  }

  /// Runs the command `arguments` name with `environment` in place of the process's environment
  /// variables (a command run in-process by a test).
  public static func run(_ arguments: [String], console: inout Console, environment: [String: String]) -> Int32 {
    ProcessEnvironment.$replacement.withValue(environment) { run(arguments, console: &console) }
  }

  /// Runs the command `arguments` name (the words after the program name) and returns its exit status.
  public static func run(_ arguments: [String], console: inout Console) -> Int32 {
    do {
      return try dispatch(arguments, console: &console)
    } catch {
      switch error {
      case .usage(let message):
        console.error("demeter-report: error: \(message)")
        console.error("Run 'demeter-report help' for usage.")
      case .journalErrors(let count):
        console.error("demeter-report: \(count: count, "error") in the journal")
      case .io(let message):
        console.error("demeter-report: error: \(message)")
      }
      return error.exitCode
    }
  }

  private static func dispatch(_ arguments: [String], console: inout Console) throws(CommandError) -> Int32 {
    guard let first = arguments.first else {
      console.print(HelpText.overview(commands))
      return 0
    }
    switch first {
    case "--version", "-V":
      console.print("demeter-report \(ToolVersion.current)")
      return 0
    case "--help", "-h":
      console.print(HelpText.overview(commands))
      return 0
    case "help":
      guard arguments.count > 1 else {
        console.print(HelpText.overview(commands))
        return 0
      }
      if arguments.count == 2, let topic = ManualTopic.named(arguments[1]) {
        console.print(ManualTerminalText.render(topic))
      } else {
        console.print(HelpText.command(try resolve(Array(arguments.dropFirst()), topics: true).command))
      }
      return 0
    default:
      let (command, rest) = try resolve(arguments)
      if rest.contains("--help") || rest.contains("-h") {
        console.print(HelpText.command(command))
        return 0
      }
      let parsed = try ArgumentParser(options: command.options).parse(rest)
      return try command.run(parsed, &console)
    }
  }

  /// The command that `words` name (descending into a subcommand when the second word names one),
  /// and the arguments after it.
  /// With `topics`, "did you mean" also offers the manual's topics (`help TOPIC`).
  private static func resolve(_ words: [String], topics: Bool = false) throws(CommandError)
    -> (command: Command, rest: [String])
  {
    let command = try command(named: words[0], topics: topics)
    if words.count > 1, let subcommand = command.subcommands.first(where: { $0.name == words[1] }) {
      return (subcommand, Array(words.dropFirst(2)))
    }
    return (command, Array(words.dropFirst()))
  }

  private static func command(named name: String, topics: Bool) throws(CommandError) -> Command {
    if let command = commands.first(where: { $0.name == name }) { return command }
    var message = "unknown command \(topics ? "or topic " : "")'\(name)'"
    let names = commands.map(\.name) + (topics ? ManualTopic.all.map(\.name) : [])
    if let suggestion = Suggestion.closest(to: name, among: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    throw .usage(message)
  }
}
