import DemeterCore
import DemeterReporting
import DemeterReports
import ReportFormats

/// The options that say how a report leaves the tool (`OutputPlan`): its format (`--format`,
/// `--template`, or the `-o` extension) and its destination (standard output, or a file).
enum OutputOptions {
  static let format = OptionSpec.value(
    "format", short: "f", "FORMAT",
    help: "Output format, text by default: "
      + BuiltInFormats.generators.map { ([$0.name] + $0.aliases).joined(separator: " or ") }
      .joined(separator: ", ")
      + ", a template or an external generator.")
  static let output = OptionSpec.value(
    "output", short: "o", "FILE",
    help:
      "Write to FILE atomically (folders created); {week}, {date}, {month}, {year}, {kind}, {journal} are "
      + "filled in ({journal}: one report per journal of a cohort).")
  static let template = OptionSpec.value(
    "template", "FILE", help: "Render with the Mustache template FILE (NAME.EXT.mustache).")
  static let decimals = OptionSpec.value(
    "decimals", "N", help: "CSV: write numbers with exactly N decimals (0-9) instead of exact values.")
  static let noColor = OptionSpec.flag(
    "no-color", help: "No colour in text output (also: NO_COLOR set, or not a terminal).")

  static let pluginTimeout = OptionSpec.value(
    "plugin-timeout", "SECONDS",
    help: "Stop an external generator after SECONDS (default \(ExternalGenerator.defaultTimeout)).")

  static let all = [format, output, template, decimals, noColor, pluginTimeout]

  /// The output file extensions that pick a built-in format, for help: `.csv, .html or .htm, …`.
  static var builtInExtensions: String {
    BuiltInFormats.generators.map { generator in
      let spellings = OutputPath.extensionSpellings.filter { $0.value == generator.fileExtension }.keys
        .sorted()
      return (["." + generator.fileExtension] + spellings.map { "." + $0 }).joined(separator: " or ")
    }.joined(separator: ", ")
  }

  /// The output plan the options give: `--format`, `--template`, `-o`, `--decimals`, colour unless
  /// `--no-color` or `$NO_COLOR`, `--plugin-timeout`, notes unless `--quiet`.
  /// - Throws: a usage error for a bad `--decimals` or `--plugin-timeout`.
  static func plan(_ arguments: ParsedArguments) throws(CommandError) -> OutputPlan {
    var plan = OutputPlan()
    plan.format = arguments.value(format)
    plan.template = arguments.value(template)
    plan.destination = arguments.value(output)
    plan.decimals = try decimals(arguments)
    plan.colorAllowed = !arguments.has(noColor) && EnvironmentVariable.noColor.value == nil
    plan.pluginTimeout = try CommonOptions.timeLimit(arguments, pluginTimeout) ?? ExternalGenerator.defaultTimeout
    plan.quiet = arguments.has(CommonOptions.quiet)
    return plan
  }

  /// The output plan when the options ask for a report (`OutputPlan.asksForReport`), else nil: the
  /// command prints its own lines.
  static func reportPlan(_ arguments: ParsedArguments) throws(CommandError) -> OutputPlan? {
    let plan = try plan(arguments)
    return plan.asksForReport ? plan : nil
  }

  /// Renders `report` and writes it where the options say (`OutputFormat.write`), for `journal`.
  static func emit(
    _ report: ReportModel, arguments: ParsedArguments, journal: String?, weekStart: WeekStart,
    console: inout Console
  ) throws(CommandError) {
    try plan(arguments).format(journal: journal).write(report, weekStart: weekStart, &console)
  }

  /// `-o FILE`, which a command writing a file (`digest`, `merge`) needs.
  static func requiredFile(_ arguments: ParsedArguments, command: String) throws(CommandError) -> String {
    guard let path = arguments.value(output) else { throw .usage("\(command) writes a digest file: give -o FILE") }
    return path
  }

  private static func decimals(_ arguments: ParsedArguments) throws(CommandError) -> Int? {
    guard let text = arguments.value(decimals) else { return nil }
    guard let decimals = Int(text), (0...9).contains(decimals) else {
      throw .usage("--decimals must be a whole number from 0 to 9 (got '\(text)')")
    }
    return decimals
  }
}
