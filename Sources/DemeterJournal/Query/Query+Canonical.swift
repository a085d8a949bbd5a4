import DemeterFoundation

extension Query {
  /// The query written one way (manual: queries): each term as `FIELD:VALUE` with its value as read
  /// (names folded, weekdays as `weekday:mon,…`, times as `HH:MM-HH:MM`), AND as single spaces,
  /// `or`, `not:`, and parentheses only where they are needed; saved queries (`q:NAME`) written out.
  /// Queries that read alike have the same text, and the text reads back to the same query: it keys
  /// a query's cache and is what a digest file records.
  package var canonicalText: String {
    switch self {
    case .term(let term): term.canonicalText
    case .all(let parts): parts.map { $0.grouped(inside: .all) }.joined(separator: " ")
    case .any(let choices): choices.map { $0.grouped(inside: .any) }.joined(separator: " or ")
    case .not(let inner): "not:" + inner.grouped(inside: .not)
    }
  }

  private enum Context { case all, any, not }

  /// `canonicalText`, in parentheses where the operator around it would otherwise read it apart.
  private func grouped(inside context: Context) -> String {
    let needs =
      switch (self, context) {
      case (.term, _), (.not, _): false
      case (.any, .any): false
      case (.any, _): true
      case (.all, .not): true
      case (.all, _): false
      }
    return needs ? "(\(canonicalText))" : canonicalText
  }
}

extension QueryTerm {
  /// The term as `FIELD:VALUE` (`Query.canonicalText`).
  var canonicalText: String {
    switch self {
    case .pattern(let text, let pattern):
      "\(text == .food ? "food" : text == .description ? "desc" : "note"):\(Self.quoted(pattern.source))"
    case .oneOf(let text, let names):
      "\(text == .meal ? "meal" : "ingredient"):\(Self.quoted(names.joined(separator: ",")))"
    case .tag(let names): "tag:\(Self.quoted(names.joined(separator: ",")))"
    case .matched(let matched): "matched:\(matched ? "yes" : "no")"
    case .confidence(let comparison): "conf:\(comparison.canonicalText)"
    case .nutrient(let ordinal, let comparison):
      "\(QueryField.nutrientNames.first(where: { $0.nutrient.ordinal == ordinal })!.name):\(comparison.canonicalText)"
    case .micronutrient(let name, let comparison):
      "\(String(decoding: name, as: UTF8.self)):\(comparison.canonicalText)"
    case .weekdays(let days):
      "weekday:" + days.sorted().map { String(Period.weekdayNames[$0 - 1].prefix(3)) }.joined(separator: ",")
    case .time(let first, let last): "time:\(Self.clock(first))-\(Self.clock(last))"
    case .idPrefix(let prefix): "id:\(Self.quoted(prefix))"
    }
  }

  /// `value`, in quotes (a quote in it as `\"`) when it holds a space, a quote or a parenthesis.
  private static func quoted(_ value: String) -> String {
    guard value.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "(" || $0 == ")" }) else { return value }
    var written = "\""
    for character in value {
      if character == "\"" { written += "\\" }
      written.append(character)
    }
    return written + "\""
  }

  /// The minute of `second` of the day as `HH:MM`.
  private static func clock(_ second: Int) -> String {
    let minute = second / 60
    return (minute / 60 < 10 ? "0" : "") + "\(minute / 60):" + (minute % 60 < 10 ? "0" : "") + "\(minute % 60)"
  }
}

extension QueryComparison {
  /// The operator and the number (`>=30`).
  var canonicalText: String { comparison.rawValue + value.description }
}
