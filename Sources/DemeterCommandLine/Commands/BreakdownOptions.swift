import DemeterCore
import DemeterFoundation
import DemeterReporting
import DemeterReports

/// A report's split (manual: queries): `--by DIMENSION`, each bucket split by it, and `--top N` for
/// the food-like dimensions.
enum BreakdownOptions {
  static let by = OptionSpec.value(
    "by", "DIMENSION",
    help: "Split each bucket by "
      + BreakdownDimension.allCases.map(\.rawValue).joined(separator: "|")
      + ": entries, kcal, macros and the share of the bucket's kcal per value ('help queries').")

  static let top = OptionSpec.value(
    "top", "N",
    help: "With --by "
      + BreakdownDimension.allCases.filter(\.takesTop).map(\.rawValue).joined(separator: "|")
      + ": keep the N values of most kcal, the rest in one '(other)' row.")

  /// `digest --by`: the dimension a digest file keeps each day's entries split by.
  static let kept = OptionSpec.value(
    "by", "DIMENSION",
    help: "Keep each day's entries split by "
      + BreakdownDimension.allCases.map(\.rawValue).joined(separator: "|")
      + ", so that a report of the file answers --by DIMENSION ('help queries').")

  /// Both options, for the reports that take them.
  static let all = [by, top]

  /// The dimensions, one a line, for the help of the commands that take `--by`.
  static let help =
    "DIMENSION of --by ('help queries'):\n"
    + BreakdownDimension.allCases.map { "  \($0.rawValue) — \($0.meaning)" }.joined(separator: "\n")

  /// The split `--by` and `--top` ask for; nil without `--by`.
  /// - Throws: a usage error for an unknown dimension ("did you mean"), a `--top` that is not a
  ///   whole number above 0, or one without a food-like `--by`.
  static func breakdown(_ arguments: ParsedArguments) throws(CommandError) -> ReportBuilder.BreakdownRequest? {
    let topText = arguments.value(top)
    guard let dimension = try dimension(arguments) else {
      if topText != nil { throw .usage("--top keeps the largest values of a split: give --by too") }
      return nil
    }
    guard let topText else { return ReportBuilder.BreakdownRequest(dimension) }
    guard dimension.takesTop else {
      throw .usage(
        "--top keeps the largest values of a split by "
          + BreakdownDimension.allCases.filter(\.takesTop).map(\.rawValue).joined(separator: ", ")
          + ", not by \(dimension.rawValue)")
    }
    guard let count = Int(topText), count > 0 else {
      throw .usage("--top must be a whole number above 0 (got '\(TerminalSafeText.escaped(topText))')")
    }
    return ReportBuilder.BreakdownRequest(dimension, top: count)
  }

  /// The dimension `--by` names; nil without `--by`.
  /// - Throws: a usage error for an unknown dimension ("did you mean").
  static func dimension(_ arguments: ParsedArguments) throws(CommandError) -> BreakdownDimension? {
    guard let text = arguments.value(by) else { return nil }
    let names = BreakdownDimension.allCases.map(\.rawValue)
    guard let dimension = BreakdownDimension(rawValue: text.lowercased()) else {
      var message =
        "unknown --by dimension '\(TerminalSafeText.escaped(text))'; the dimensions are "
        + names.joined(separator: ", ")
      if let near = Suggestion.closest(to: text, among: names) { message += "; did you mean '\(near)'?" }
      throw .usage(message)
    }
    return dimension
  }
}
