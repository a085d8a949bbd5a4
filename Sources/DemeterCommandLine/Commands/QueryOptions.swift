import DemeterCore
import DemeterReporting
import DemeterReports

/// A report's query (manual: queries): `--query Q`, and words after the period that are terms
/// (`food:chicken`, `weekend`, `(`…): the first such word and every one after it.
enum QueryOptions {
  static let query = OptionSpec.value(
    "query", "Q",
    help: "Only the entries the query Q matches (food:REGEX meal:NAME tag:NAME kcal:>500 weekend …; "
      + "'help queries'); query words may also follow the period.")

  /// The terms a query may use, one a line, from `QueryField` (for the help of the commands that take one).
  static let help =
    "QUERY terms ('help queries'), side by side (AND), or, not: / -, ( ):\n"
    + QueryField.allCases.map { "  \($0.rawValue):\($0.value) — \($0.meaning)" }.joined(separator: "\n")
    + "\n  kcal:>500, protein:>=30, sodium_mg:>1000 — a nutrient or micronutrient compares so"
    + "\n  weekend, weekdays — the entry's date is a Saturday or Sunday; Monday to Friday"
    + "\n  q:NAME — the saved query NAME (\"queries\" in the journal's .demeter.json)"

  /// The report kinds that take a query: every figure of the report is then of the entries it matches.
  static let kinds: Set<ReportKind> = [.day, .week, .month, .year, .range, .compare, .entries, .ingredients]

  /// The positionals split into the period's words and the query's: the query starts at the first
  /// word that holds a `:`, starts with `(`, or is `weekend` / `weekdays`.
  static func split(_ positionals: [String]) -> (period: [String], query: [String]) {
    let start = positionals.firstIndex { word in
      word.contains(":") || word.hasPrefix("(")
        || QueryField.dayWords.contains { $0.word == word.lowercased() }
    }
    guard let start else { return (positionals, []) }
    return (Array(positionals[..<start]), Array(positionals[start...]))
  }

  /// The query of `--query` and the query `words` (both: each must hold), nil when neither is given;
  /// `q:NAME` is read from the saved queries of the journal the report reads (none for the sample,
  /// several journals or digest files).
  /// - Throws: a usage error with the problem located under the query's text.
  static func asked(_ arguments: ParsedArguments, words: [String], source: ReportRequest.Source)
    throws(CommandError) -> AskedQuery?
  {
    let option = arguments.value(query)
    let text =
      switch (option, words.isEmpty) {
      case (nil, true): String?.none
      case (let option?, true): option
      case (nil, false): words.joined(separator: " ")
      case (let option?, false): "(\(option)) \(words.joined(separator: " "))"
      }
    guard let text else { return nil }
    var saved: [String: String] = [:]
    if case .journal(let folder) = source { saved = JournalConfig.load(journal: folder).config.queries }
    do {
      return try AskedQuery(text, saved: saved)
    } catch {
      throw .usage("query: \(error.description)")
    }
  }
}
