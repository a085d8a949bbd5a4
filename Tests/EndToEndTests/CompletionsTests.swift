import Foundation
import Testing

/// The commands and options `demeter-report help` declares, read from the help screens (not a copy),
/// so the completion and man page tests follow whatever is declared.
struct DeclaredCommands {
  struct Declared {
    var name: String
    var longOptions: [String]
    var shortOptions: [String]
  }

  var commands: [Declared]

  static func load() throws -> DeclaredCommands {
    let overview = try ToolRun.run(["help"])
    #expect(overview.status == 0)
    let names = HelpTests.section("COMMANDS:", of: overview.stdout).compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    var commands: [Declared] = []
    for name in names {
      let help = try ToolRun.run(["help", name]).stdout
      let shorts = HelpTests.section("OPTIONS:", of: help).compactMap { line in
        line.firstMatch(of: /^ +(-[A-Za-z]), --/).map { String($0.output.1) }
      }
      commands.append(Declared(name: name, longOptions: HelpTests.options(in: help), shortOptions: shorts))
    }
    return DeclaredCommands(commands: commands)
  }
}

/// `completions bash|zsh|fish` (manual: command-line): scripts generated from the command declarations.
@Suite struct CompletionsTests {
  static let shells = ["bash", "zsh", "fish"]

  static func script(_ shell: String) throws -> String {
    let run = try ToolRun.run(["completions", shell])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    return run.stdout
  }

  /// The completion script for `shell` in a temporary file (a script is longer than one command-line
  /// argument may be), removed when the test's `body` is done with its path.
  static func withScriptFile<T>(_ shell: String, _ body: (String) throws -> T) throws -> T {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString).\(shell)")
    try Data(try script(shell).utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try body(file.path)
  }

  /// The text between the line `start` and the next line `end` (one command's part of a script).
  static func part(of script: String, from start: String, to end: String) -> String? {
    guard let open = script.range(of: "\n" + start + "\n") else { return nil }
    let rest = script[open.upperBound...]
    guard let close = rest.range(of: "\n" + end + "\n") else { return nil }
    return String(rest[..<close.lowerBound])
  }

  /// The script's part for one command, where its options are listed.
  static func commandPart(_ shell: String, _ script: String, command: String) -> String? {
    switch shell {
    case "bash": return part(of: script, from: "    \(command))", to: "      ;;")
    case "zsh": return part(of: script, from: "        \(command))", to: "          ;;")
    default:
      let lines = script.split(separator: "\n").filter {
        $0.contains("-n '__demeter_report_using \(command)'")
      }
      return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
  }

  static func mentions(_ shell: String, _ text: String, long: String) -> Bool {
    switch shell {
    case "bash":
      return text.contains("--\(long) ") || text.contains("--\(long)'") || text.contains("--\(long))")
    case "zsh":
      return text.contains("--\(long)[") || text.contains("--\(long)=[") || text.contains("--\(long)=}")
        || text.contains("--\(long)}")
    default: return text.contains(" -l \(long) ")
    }
  }

  static func mentions(_ shell: String, _ text: String, short: String) -> Bool {
    let letter = short.dropFirst()
    switch shell {
    case "fish": return text.contains(" -s \(letter) ")
    default:
      return text.contains("\(short) ") || text.contains("\(short)'") || text.contains("{\(short),")
        || text.contains("\(short))")
    }
  }

  @Test(arguments: shells)
  func everyCommandAndOptionIsCompleted(shell: String) throws {
    let script = try Self.script(shell)
    let declared = try DeclaredCommands.load()
    #expect(declared.commands.count >= 12)
    for command in declared.commands {
      let part = try #require(
        Self.commandPart(shell, script, command: command.name), "\(shell): \(command.name)")
      #expect(!command.longOptions.isEmpty)
      for long in command.longOptions {
        #expect(
          Self.mentions(shell, part, long: String(long.dropFirst(2))), "\(shell) \(command.name) \(long)")
      }
      for short in command.shortOptions {
        #expect(Self.mentions(shell, part, short: short), "\(shell) \(command.name) \(short)")
      }
    }
  }

  @Test func bashScriptIsValidBash() throws {
    let bash = try #require(ToolRun.findExecutable("bash"))
    let run = try Self.withScriptFile("bash") { try ExternalProgram.run(bash, ["-n", $0]) }
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test(.enabled(if: ToolRun.findExecutable("zsh") != nil)) func zshScriptIsValidZsh() throws {
    let run = try Self.withScriptFile("zsh") { try ExternalProgram.run(ToolRun.findExecutable("zsh")!, ["-n", $0]) }
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test(.enabled(if: ToolRun.findExecutable("fish") != nil)) func fishScriptIsValidFish() throws {
    let run = try Self.withScriptFile("fish") { try ExternalProgram.run(ToolRun.findExecutable("fish")!, ["-n", $0]) }
    #expect(run.status == 0, "\(run.stderr)")
  }

  /// What bash offers for a command line whose last word is being completed.
  static func bashCompletions(_ words: [String], path: String) throws -> [String] {
    let bash = try #require(ToolRun.findExecutable("bash"))
    let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let program = """
      \(try script("bash"))
      COMP_WORDS=(\(quoted))
      COMP_CWORD=\(words.count - 1)
      _demeter_report
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try ExternalProgram.run(bash, ["--norc", "-c", program], environment: ["PATH": path])
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(separator: "\n").map(String.init)
  }

  static var toolPath: String { ToolRun.binary.deletingLastPathComponent().path + ":/usr/bin:/bin" }

  @Test func bashCompletesCommandsOptionsAndValues() throws {
    let declared = try DeclaredCommands.load()
    let first = try Self.bashCompletions(["demeter-report", ""], path: Self.toolPath)
    #expect(Set(declared.commands.map(\.name)).isSubset(of: Set(first)))
    #expect(first.contains("help"))
    #expect(try Self.bashCompletions(["demeter-report", "wee"], path: Self.toolPath) == ["week"])
    #expect(try Self.bashCompletions(["demeter-report", "help", "relia"], path: Self.toolPath) == ["reliability"])
    #expect(
      try Self.bashCompletions(["demeter-report", "week", "--week-"], path: Self.toolPath) == ["--week-start"]
    )
    #expect(
      try Self.bashCompletions(["demeter-report", "week", "--week-start", ""], path: Self.toolPath)
        == ["monday", "sunday", "saturday"])
    #expect(
      try Self.bashCompletions(["demeter-report", "day", "--tz", ""], path: Self.toolPath) == [
        "UTC", "local",
      ])
    #expect(
      try Self.bashCompletions(["demeter-report", "completions", ""], path: Self.toolPath) == [
        "bash", "zsh", "fish",
      ])
    #expect(
      try Self.bashCompletions(["demeter-report", "week", "last", ""], path: Self.toolPath)
        == ["week", "month", "year"])
    #expect(
      try Self.bashCompletions(["demeter-report", "week", "th"], path: Self.toolPath) == ["this", "thursday"])
    #expect(try Self.bashCompletions(["demeter-report", "week", "ne"], path: Self.toolPath) == ["next"])
    let afterNext = try Self.bashCompletions(["demeter-report", "week", "next", ""], path: Self.toolPath)
    #expect(afterNext == ["week", "month"])
    #expect(try Self.bashCompletions(["demeter-report", "week", "mar"], path: Self.toolPath) == ["march"])
    #expect(try Self.bashCompletions(["demeter-report", "week", "--today", ""], path: Self.toolPath) == [])
  }

  /// A command's positionals are declared once (`Command.positionals`): its usage line shows them and
  /// the scripts complete them, `import --from KIND FILE…` with file names after its options.
  @Test func positionalsCompleteAsDeclared() throws {
    let help = try ToolRun.run(["help", "import"]).stdout
    #expect(help.hasPrefix("USAGE: demeter-report import --from KIND FILE… [options]\n"))
    let words = ["demeter-report", "import", "--from", "csv", "Package.sw"]
    #expect(try Self.bashCompletions(words, path: Self.toolPath) == ["Package.swift"])
    let zsh = try #require(Self.commandPart("zsh", try Self.script("zsh"), command: "import"))
    #expect(zsh.contains("'*:argument:_files'"))
    #expect(
      try ToolRun.run(["help", "ingredients", "search"]).stdout.hasPrefix(
        "USAGE: demeter-report ingredients search QUERY [options]\n"))
  }

  /// `ingredients` offers its subcommands (declared as `Command.subcommands`) as its first argument,
  /// beside the period words of its usage report, and each subcommand's own options after it.
  @Test func bashCompletesSubcommands() throws {
    let first = try Self.bashCompletions(["demeter-report", "ingredients", ""], path: Self.toolPath)
    #expect(Set(["search", "show", "add", "rm", "import", "popular", "verified"]).isSubset(of: Set(first)))
    #expect(first.contains("this"))
    #expect(
      try Self.bashCompletions(["demeter-report", "ingredients", "sea"], path: Self.toolPath) == ["search"])
    #expect(
      try Self.bashCompletions(["demeter-report", "ingredients", "search", "--cat"], path: Self.toolPath)
        == ["--category"])
    #expect(
      try Self.bashCompletions(["demeter-report", "ingredients", "add", "--ser"], path: Self.toolPath)
        == ["--serving-grams", "--serving-description"])
    #expect(
      try Self.bashCompletions(["demeter-report", "ingredients", "popular", "last", ""], path: Self.toolPath)
        == ["week", "month", "year"])
    #expect(try Self.bashCompletions(["demeter-report", "week", "sea"], path: Self.toolPath) == [])
  }

  /// zsh likewise: `ingredients` describes its subcommands as its first argument, and each one's
  /// branch completes its own options.
  @Test func zshCompletesSubcommands() throws {
    let script = try Self.script("zsh")
    let part = try #require(Self.commandPart("zsh", script, command: "ingredients"))
    for name in ["search", "show", "add", "rm", "import", "popular", "verified"] {
      #expect(part.contains("\n              '\(name):"), "\(name)")
      #expect(
        part.contains("\n              \(name))\n                shift words; (( CURRENT-- ))\n"), "\(name)")
    }
    let search = try #require(Self.part(of: part, from: "              search)", to: "                ;;"))
    #expect(Self.mentions("zsh", search, long: "category"))
    #expect(!Self.mentions("zsh", search, long: "serving-grams"))
    #expect(try #require(Self.commandPart("zsh", script, command: "week")).contains("subcommands") == false)
  }

  /// `--format` offers what `demeter-report formats` lists, and the built-in names when the tool is
  /// not on PATH.
  @Test func bashCompletesFormats() throws {
    let formats = try ToolRun.run(["formats"])
    let all = formats.stdout.split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    let builtIn = formats.stdout.split(separator: "\n").filter { $0.contains("built-in") }.compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(builtIn.count >= 5)
    let viaTool = try Self.bashCompletions(["demeter-report", "week", "-f", ""], path: Self.toolPath)
    #expect(Set(builtIn).isSubset(of: Set(viaTool)))
    #expect(Set(viaTool) == Set(all))
    let withoutTool = try Self.bashCompletions(
      ["demeter-report", "week", "--format", ""], path: "/usr/bin:/bin")
    #expect(withoutTool.sorted() == builtIn.sorted())
    let afterEquals = try Self.bashCompletions(
      ["demeter-report", "week", "--format", "=", "cs"], path: "/usr/bin:/bin")
    #expect(afterEquals == ["csv"])
  }

  @Test(.enabled(if: ToolRun.findExecutable("fish") != nil)) func fishCompletesCommandsAndValues() throws {
    let fish = ToolRun.findExecutable("fish")!
    try Self.withScriptFile("fish") { script in
      func complete(_ line: String) throws -> [String] {
        let run = try ExternalProgram.run(
          fish, ["--no-config", "-c", "source '\(script)'\ncomplete -C'\(line)'"], environment: ["PATH": Self.toolPath])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
      }
      let declared = try DeclaredCommands.load()
      #expect(Set(declared.commands.map(\.name)).isSubset(of: Set(try complete("demeter-report "))))
      #expect(try complete("demeter-report week --week-start ").sorted() == ["monday", "saturday", "sunday"])
      #expect(try complete("demeter-report completions ").sorted() == ["bash", "fish", "zsh"])
      #expect(try complete("demeter-report week --format ").contains("csv"))
    }
  }

  @Test func unknownShellIsAUsageError() throws {
    let run = try ToolRun.run(["completions", "tcsh"])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.contains("unknown shell 'tcsh'"))
    for shell in Self.shells { #expect(run.stderr.contains(shell)) }
    let missing = try ToolRun.run(["completions"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("bash, zsh, fish"))
  }

  @Test func helpTellsHowToInstall() throws {
    let help = try ToolRun.run(["help", "completions"]).stdout
    #expect(help.contains("demeter-report completions bash > /etc/bash_completion.d/demeter-report"))
    #expect(help.contains("fpath"))
    #expect(help.contains("~/.config/fish/completions/demeter-report.fish"))
  }
}

/// Runs a program other than the tool (a shell, groff) with a small environment.
enum ExternalProgram {
  static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws
    -> ToolRun
  {
    var base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    base.merge(environment) { _, new in new }
    return try ToolRun.launch(executable, arguments, in: ToolRun.packageRoot, environment: base)
  }

}
