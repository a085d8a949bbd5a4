import DemeterCore
import DemeterReports

/// What a shell can complete, read from the command declarations (`CommandLineTool.commands`): the
/// completion scripts and nothing else are generated from it, so a command or option declared later
/// is completed without touching this file.
///
/// What an option's value (or a command's positional arguments) completes to is decided by its
/// placeholder, the word the help shows: `DIR` folders, `FILE` files, `FORMAT` format names,
/// `DAY` week starts, `ZONE` time zone words, `SHELL` shell names, `PERIOD` period words; any other
/// placeholder (`DATE`, `N`, `C`, …) is free text.
struct CompletionModel {
  /// What to offer for a value.
  enum Values: Equatable {
    /// Free text: the shell offers nothing.
    case none
    case files
    case directories
    /// `--format`: the names `demeter-report formats` prints at completion time (templates and
    /// external generators included), else the built-in names.
    case formats
    /// Period words, two-word ones (`this week`, `last 4 weeks`) completed word by word.
    case periods
    case words([String])
  }

  struct Option {
    var long: String
    var short: Character?
    var help: String
    /// nil for a flag.
    var values: Values?
    var placeholder: String?
  }

  struct Subcommand {
    var name: String
    var abstract: String
    var options: [Option]
    /// What the positional arguments (the first one declared) complete to.
    var positionals: Values
    /// Its commands one level down (`ingredients search`), offered as its first argument.
    var subcommands: [Subcommand]

    init(_ command: Command) {
      name = command.name
      abstract = command.abstract
      options = command.options.map(CompletionModel.option) + [CompletionModel.help]
      positionals =
        command.positionals.first.map { CompletionModel.values(placeholder: $0.placeholder) } ?? .none
      subcommands = command.subcommands.map(Subcommand.init)
    }
  }

  static let programName = "demeter-report"

  var commands: [Subcommand]
  /// The built-in format names, offered when `demeter-report formats` cannot be run.
  var builtInFormats: [String]
  /// What `help` takes besides a command: the manual's topics, with their titles.
  var topics: [(name: String, title: String)]

  init(commands: [Command], builtInFormats: [String], topics: [(name: String, title: String)]) {
    self.builtInFormats = builtInFormats
    self.commands = commands.map(Subcommand.init)
    self.topics = topics
  }

  /// The words `help` completes: every command, then every topic.
  var helpWords: String { (commands.map(\.name) + topics.map(\.name)).joined(separator: " ") }

  /// `-h, --help`, which every command accepts (the dispatcher handles it).
  static let help = Option(long: "help", short: "h", help: "Show this help.", values: nil, placeholder: nil)

  static func option(_ spec: OptionSpec) -> Option {
    switch spec.kind {
    case .flag:
      return Option(long: spec.long, short: spec.short, help: spec.help, values: nil, placeholder: nil)
    case .value(let placeholder):
      return Option(
        long: spec.long, short: spec.short, help: spec.help, values: values(placeholder: placeholder),
        placeholder: placeholder)
    }
  }

  /// What a placeholder's values complete to.
  static func values(placeholder: String) -> Values {
    switch placeholder {
    case "DIR": return .directories
    case "FILE": return .files
    case "FORMAT": return .formats
    case "DAY": return .words(WeekStart.allCases.map(\.rawValue))
    case "ZONE": return .words(["UTC", "local"])
    case "SHELL": return .words(CompletionScript.Shell.allCases.map(\.rawValue))
    case "PERIOD": return .periods
    default: return .none
    }
  }

  /// First words of a period (`Period.namedWords`, then `last` for `last N …`, the reports' `all`,
  /// the weekday and month names); `this`, `last` and `next` go on with `periodSecondWords`.
  static let periodFirstWords: [String] = {
    var words: [String] = []
    for named in Period.namedWords {
      let first = String(named.word.prefix { $0 != " " })
      if !words.contains(first) { words.append(first) }
    }
    return words + (words.contains("last") ? [] : ["last"]) + ["all"] + Period.weekdayNames
      + Period.monthNames
  }()
  /// The second words of the two-word `Period.namedWords`, by their first word.
  static let periodSecondWords: [String: [String]] = Dictionary(
    grouping: Period.namedWords.map { $0.word.split(separator: " ").map(String.init) }.filter {
      $0.count == 2
    },
    by: { $0[0] }
  ).mapValues { $0.map { $0[1] } }
  /// After `last N`.
  static let periodUnits = Period.countUnits
}
