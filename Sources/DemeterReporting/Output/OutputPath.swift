import DemeterCore

/// The values that `-o` placeholders stand for (manual: command-line), for one report.
public struct OutputPlaceholders: Sendable, Hashable {
  /// `{week}`: `2026-W47` for Monday weeks, `week-of-2026-11-15` for other week starts (no spaces).
  public var week: String
  /// `{date}`: the period's first day, `YYYY-MM-DD`.
  public var date: String
  /// `{month}`: the month of the period's first day, `YYYY-MM`.
  public var month: String
  /// `{year}`: the year of the period's first day, `YYYY`.
  public var year: String
  /// `{kind}`: the report kind, e.g. `week`.
  public var kind: String
  /// `{journal}`: the journal folder's name (one report per person of a cohort).
  public var journal = ""
  /// `{query}`: the report's query in a form safe in a file name (`fileNameSafe`); `all` without one.
  public var query = "all"

  public init(week: String, date: String, month: String, year: String, kind: String) {
    self.week = week
    self.date = date
    self.month = month
    self.year = year
    self.kind = kind
  }

  /// The values for a report whose period starts on `periodFirst` (`YYYY-MM-DD`, or `-YYYY-MM-DD`
  /// before year 0) and whose first week is labelled `weekLabel` (`2026-W47` or
  /// `week of 2026-11-15`; spaces become `-`).
  public init(kind: String, periodFirst: String, weekLabel: String) {
    let month = periodFirst[..<(periodFirst.lastIndex(of: "-") ?? periodFirst.endIndex)]
    let year = month[..<(month.lastIndex(of: "-") ?? month.endIndex)]
    self.init(
      week: weekLabel.split(separator: " ", omittingEmptySubsequences: true).joined(separator: "-"),
      date: periodFirst, month: String(month), year: String(year), kind: kind)
  }

  /// The values for a report without a period (`check`): only `{kind}` has one.
  public init(kind: String) {
    self.init(week: "", date: "", month: "", year: "", kind: kind)
  }

  /// The placeholder names, sorted.
  public static let names = ["date", "journal", "kind", "month", "query", "week", "year"]

  func value(named name: Substring) -> String? {
    switch name {
    case "week": week
    case "date": date
    case "month": month
    case "year": year
    case "kind": kind
    case "journal": journal
    case "query": query
    default: nil
    }
  }
}

extension OutputPlaceholders {
  /// The longest `{query}` value (characters).
  public static let longestQuery = 80

  /// `query` as `{query}` writes it (manual: queries): ASCII letters, digits, `.`, `_` and `-` kept,
  /// `:` written `-`, `<` `lt`, `>` `gt`, `=` `eq`, every run of other characters (spaces,
  /// parentheses, quotes, commas, other letters) one `_` (none right after a `-`); no `_`, `-` or `.`
  /// at either end; at most
  /// `longestQuery` characters; `query` when nothing is left. `food:chicken meal:dinner` is
  /// `food-chicken_meal-dinner`, `kcal:>=500` `kcal-gteq500`.
  public static func fileNameSafe(_ query: String) -> String {
    var safe = ""
    var pendingGap = false
    for character in query {
      let written: String? =
        switch character {
        case ":": "-"
        case "<": "lt"
        case ">": "gt"
        case "=": "eq"
        case _ where character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character)):
          String(character)
        default: nil
        }
      guard let written else {
        pendingGap = true
        continue
      }
      if pendingGap, let last = safe.last, last != "-" { safe += "_" }
      pendingGap = false
      safe += written
    }
    let edges: Set<Character> = ["_", "-", "."]
    var trimmed = Substring(safe)
    while let first = trimmed.first, edges.contains(first) { trimmed = trimmed.dropFirst() }
    trimmed = trimmed.prefix(longestQuery)
    while let last = trimmed.last, edges.contains(last) { trimmed = trimmed.dropLast() }
    return trimmed.isEmpty ? "query" : String(trimmed)
  }
}

/// The `-o` path: placeholder expansion and the format its file extension implies.
public enum OutputPath {
  /// Replaces each `{name}` in `template` by its value; `{{` and `}}` are literal braces. An unknown
  /// name, an unclosed `{` or a lone `}` is an error that lists the known placeholders.
  public static func expand(_ template: String, _ values: OutputPlaceholders) throws(OutputError) -> String {
    var out = ""
    var index = template.startIndex
    while index < template.endIndex {
      let character = template[index]
      let next = template.index(after: index)
      switch character {
      case "{":
        if next < template.endIndex && template[next] == "{" {
          out.append("{")
          index = template.index(after: next)
          continue
        }
        guard let close = template[next...].firstIndex(where: { $0 == "}" || $0 == "{" }),
          template[close] == "}"
        else {
          throw OutputError(
            "unclosed '{' in output path \(AtomicFileWriter.quoted(template)) (write '{{' for a brace); "
              + known)
        }
        let name = template[next..<close]
        guard let value = values.value(named: name) else {
          throw OutputError(
            "unknown placeholder '{\(name)}' in output path \(AtomicFileWriter.quoted(template)); " + known)
        }
        if value.isEmpty {
          throw OutputError("'{\(name)}' has no value: this report covers no period (use {kind})")
        }
        out += value
        index = template.index(after: close)
      case "}":
        if next < template.endIndex && template[next] == "}" {
          out.append("}")
          index = template.index(after: next)
          continue
        }
        throw OutputError(
          "unmatched '}' in output path \(AtomicFileWriter.quoted(template)) (write '}}' for a brace); "
            + known)
      default:
        out.append(character)
        index = next
      }
    }
    return out
  }

  private static var known: String {
    "known placeholders: " + OutputPlaceholders.names.map { "{\($0)}" }.joined(separator: ", ")
  }

  /// Other spellings of a format's extension, and the extension each stands for.
  package static let extensionSpellings = ["htm": "html"]

  /// The lowercased extension of the path's file name (`week.html` → `html`, `report.MD` → `md`,
  /// another spelling as the usual one: `week.htm` → `html`), or nil when it has none (`report`,
  /// `.hidden`, `week.`, `Reports/`). The caller maps it to a generator.
  public static func inferredFormat(forPath path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let fileExtension = name[name.index(after: dot)...].lowercased()
    return fileExtension.isEmpty ? nil : extensionSpellings[fileExtension] ?? fileExtension
  }
}
