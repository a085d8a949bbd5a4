import DemeterCore
import DemeterReporting
import DemeterReports

extension Command {
  /// This command with `subcommands` attached: its help lists them (and shows each one's first
  /// example), and its run hands a subcommand named after options (`ingredients --journal J search
  /// egg`) on to that subcommand; any other first argument runs the command itself, unless it is a
  /// likely misspelling of a subcommand (`ingredients serch egg`) and, for a command that takes a
  /// PERIOD, its words before any query words are no period (`ingredients mar` is March,
  /// `ingredients all meal:dinner` all of it): then the error names the subcommand meant
  /// (`unknownSubcommand`).
  func attaching(_ subcommands: [Command]) -> Command {
    var extended = self
    let parentName = name
    extended.subcommands = subcommands.map { subcommand in
      var nested = subcommand
      nested.parent = parentName
      return nested
    }
    let width = subcommands.map(\.name.count).max() ?? 0
    extended.discussion +=
      "\n\nSUBCOMMANDS (run 'demeter-report \(parentName) SUBCOMMAND --help' for their options):\n"
      + subcommands.map { "  " + $0.name.padding(width) + "  " + $0.abstract }.joined(separator: "\n")
    extended.examples += subcommands.compactMap(\.examples.first)
    let own = run
    let takesPeriod = positionals.contains { $0.placeholder == "PERIOD" }
    extended.run = { arguments, console throws(CommandError) in
      guard let first = arguments.positionals.first else { return try own(arguments, &console) }
      guard let subcommand = subcommands.first(where: { $0.name == first }) else {
        if Suggestion.closest(to: first, among: subcommands.map(\.name)) != nil,
          !(takesPeriod && PeriodWords.isPeriod(QueryOptions.split(arguments.positionals).period.joined(separator: " ")))
        {
          throw Command.unknownSubcommand(first, of: parentName, among: subcommands)
        }
        return try own(arguments, &console)
      }
      let allowed = Set(subcommand.options.map(\.long))
      if let stray = arguments.values.keys.sorted().first(where: { !allowed.contains($0) }) {
        throw .usage("option --\(stray) does not apply to '\(parentName) \(first)'")
      }
      var rest = arguments
      rest.positionals.removeFirst()
      return try subcommand.run(rest, &console)
    }
    return extended
  }

  /// `unknown plan subcommand 'shoping'; the subcommands are add, show, rm, shopping; did you mean
  /// 'shopping'?` (the suggestion when one is close).
  static func unknownSubcommand(_ word: String, of parent: String, among subcommands: [Command])
    -> CommandError
  {
    let names = subcommands.map(\.name)
    var message =
      "unknown \(parent) subcommand '\(TextEscaping.singleLine(word))'; the subcommands are "
      + names.joined(separator: ", ")
    if let near = Suggestion.closest(to: word, among: names) {
      message += "; did you mean '\(near)'?"
    }
    return .usage(message)
  }
}
