import DemeterReporting
import DemeterReports
import ReportFormats

/// `completions SHELL` and `man`: shell completion scripts and the manual page, both generated from
/// `CommandLineTool.commands` when they run, so every command and option declared there is in them.
enum DocumentationCommands {
  static let all = [completions, man]

  static let completions = Command(
    name: "completions",
    abstract: "Print a completion script for bash, zsh or fish.",
    positionals: [.required("SHELL")],
    discussion: """
      SHELL is one of \(CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")). The script
      completes the commands, each command's options, and option values: --format with the names
      'demeter-report formats' prints when TAB is pressed (templates and external generators included;
      the built-in names if that fails), --journal with folders, --output and --template with files,
      --week-start and --tz with their words, and report periods (today, this week, last 4 weeks …).
      Install it once:
      \(installText)
      or load it into the current shell only, e.g. in bash: source <(demeter-report completions bash).
      """,
    examples: [
      ("completions bash > /etc/bash_completion.d/demeter-report", "Install bash completion for everyone."),
      (
        "completions zsh > ~/.zsh/completions/_demeter-report", "Install zsh completion (a folder on $fpath)."
      ),
      (
        "completions fish > ~/.config/fish/completions/demeter-report.fish",
        "Install fish completion for this user."
      ),
    ],
    options: [],
    run: runCompletions)

  /// `  bash: demeter-report completions bash > …`, one shell after the other.
  private static var installText: String {
    CompletionScript.Shell.allCases.flatMap { shell in
      CompletionScript.installLines(shell).enumerated().map { index, line in
        (index == 0 ? "  \(shell.rawValue):".padding(8) : String(repeating: " ", count: 8)) + line
      }
    }.joined(separator: "\n")
  }

  static let man = Command(
    name: "man",
    abstract: "Print the manual page demeter-report(1) in roff.",
    positionals: [],
    discussion: """
      The page has every command with its options and examples, the exit status, the environment
      variables and the files the tool uses. Read it with 'demeter-report man | man -l -', or install it
      into a man1 folder on the manual path.
      """,
    examples: [
      ("man | man -l -", "Read the manual page."),
      ("man > /usr/local/share/man/man1/demeter-report.1", "Install it for 'man demeter-report'."),
    ],
    options: [],
    run: runMan)

  static func runCompletions(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32
  {
    let names = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")
    guard let name = arguments.positionals.first else {
      throw .usage("completions needs a shell: one of \(names)")
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("completions takes one shell, got \(count: arguments.positionals.count, "argument")")
    }
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw .usage("unknown shell '\(TextEscaping.terminal(name))'; give one of \(names)")
    }
    let model = CompletionModel(
      commands: CommandLineTool.commands, builtInFormats: BuiltInFormats.namesAndAliases,
      topics: ManualTopic.all.map { ($0.name, $0.title) })
    console.print(CompletionScript.script(for: shell, model))
    return 0
  }

  static func runMan(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage("man takes no arguments (got '\(TextEscaping.terminal(arguments.positionals[0]))')")
    }
    console.write(Array(ManPage.render(CommandLineTool.commands).utf8))
    return 0
  }
}
