import DemeterReports

/// Help screens, generated from the command declarations.
enum HelpText {
  static func overview(_ commands: [Command]) -> String {
    let width = commands.map(\.name.count).max() ?? 0
    var lines = [
      "demeter-report \(ToolVersion.current) — reports from plain-text food journals",
      "",
      "USAGE: demeter-report <command> [period] [options]",
      "",
      "COMMANDS:",
    ]
    for command in commands {
      lines.append("  " + command.name.padding(width) + "  " + command.abstract)
    }
    lines += ["", "TOPICS (the manual):"]
    let topicWidth = ManualTopic.all.map(\.name.count).max() ?? 0
    for topic in ManualTopic.all {
      lines.append("  " + topic.name.padding(topicWidth) + "  " + topic.title)
    }
    lines += [
      "",
      "Run 'demeter-report help <command>' for a command's options and examples,",
      "'demeter-report help <topic>' to read a topic of the manual.",
      ExitStatus.helpLine,
    ]
    return lines.joined(separator: "\n")
  }

  static func command(_ command: Command) -> String {
    var lines = ["USAGE: demeter-report \(command.usage)", "", command.abstract]
    if !command.discussion.isEmpty { lines += ["", command.discussion] }
    lines += ["", "OPTIONS:"]
    let width = command.options.map(\.synopsis.count).max() ?? 0
    for option in command.options {
      lines.append("  " + option.synopsis.padding(width) + "  " + option.help)
    }
    lines.append("  " + "-h, --help".padding(width) + "  Show this help.")
    if !command.examples.isEmpty {
      lines += ["", "EXAMPLES:"]
      for example in command.examples {
        lines.append("  demeter-report \(example.command)")
        lines.append("      \(example.meaning)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
