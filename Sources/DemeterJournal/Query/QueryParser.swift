import DemeterFoundation

/// Reads a query's text (manual: queries): `or` binds loosest, then AND (terms side by side, or
/// `and`), then `not:` / `-`; parentheses group. A term is `FIELD:VALUE` (`QueryField`, a nutrient
/// or a micronutrient name) or `weekend` / `weekdays`; a value runs to the next space (or `"…"`
/// quoted, `\"` for a quote), and a `)` that no `(` of the value opened ends it. `q:NAME` is the
/// saved query NAME, read as if in parentheses.
package struct QueryParser {
  private enum Token: Equatable {
    case open, close, or, and, not
    /// A word: a term.
    case word(String)
  }

  private let text: String
  /// The saved queries by name, and the names being read (outermost first), for `q:NAME`.
  private let saved: [String: String]
  private let expanding: [String]
  private var tokens: [(token: Token, offset: Int, length: Int)] = []
  private var position = 0

  /// The query of `text`, `q:NAME` read from `saved`.
  /// - Throws: `QueryError` located in `text` (a problem inside a saved query located at its `q:NAME`).
  package static func parse(_ text: String, saved: [String: String] = [:]) throws(QueryError) -> Query {
    try parse(text, saved: saved, expanding: [])
  }

  private static func parse(_ text: String, saved: [String: String], expanding: [String]) throws(QueryError)
    -> Query
  {
    var parser = QueryParser(text: text, saved: saved, expanding: expanding)
    try parser.tokenize()
    guard !parser.tokens.isEmpty else { throw QueryError("the query is empty", text: text, offset: 0) }
    let query = try parser.alternatives()
    if parser.position < parser.tokens.count {
      let (_, offset, length) = parser.tokens[parser.position]
      throw QueryError("')' without '('", text: text, offset: offset, length: length)
    }
    return query
  }

  private init(text: String, saved: [String: String], expanding: [String]) {
    self.text = text
    self.saved = saved
    self.expanding = expanding
  }

  private mutating func tokenize() throws(QueryError) {
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character.isWhitespace {
        index += 1
        continue
      }
      if character == "(" || character == ")" {
        tokens.append((character == "(" ? .open : .close, index, 1))
        index += 1
        continue
      }
      if character == "-" {
        tokens.append((.not, index, 1))
        index += 1
        if index == characters.count || characters[index].isWhitespace {
          throw QueryError("'-' needs a term right after it (-tag:x)", text: text, offset: index - 1)
        }
        continue
      }
      if characters.count - index >= 4, String(characters[index..<index + 4]).lowercased() == "not:" {
        tokens.append((.not, index, 4))
        index += 4
        if index == characters.count || characters[index].isWhitespace {
          throw QueryError(
            "'not:' needs a term right after it (not:tag:x)", text: text, offset: index - 4, length: 4)
        }
        continue
      }
      // A word: to a space or an unmatched ')', quotes kept whole.
      let start = index
      var word = ""
      var depth = 0
      var quoted = false
      while index < characters.count {
        let character = characters[index]
        if quoted {
          if character == "\\", index + 1 < characters.count, characters[index + 1] == "\"" {
            word.append("\"")
            index += 2
            continue
          }
          if character == "\"" { quoted = false } else { word.append(character) }
          index += 1
          continue
        }
        if character.isWhitespace { break }
        if character == "\"" {
          quoted = true
          index += 1
          continue
        }
        if character == "(" { depth += 1 }
        if character == ")" {
          if depth == 0 { break }
          depth -= 1
        }
        word.append(character)
        index += 1
      }
      if quoted {
        throw QueryError("'\"' without a closing '\"'", text: text, offset: start, length: index - start)
      }
      let lowered = word.lowercased()
      let token: Token = lowered == "or" ? .or : lowered == "and" ? .and : .word(word)
      tokens.append((token, start, index - start))
    }
  }

  private var next: Token? { position < tokens.count ? tokens[position].token : nil }

  private mutating func alternatives() throws(QueryError) -> Query {
    var choices = [try conjunction()]
    while next == .or {
      position += 1
      choices.append(try conjunction())
    }
    return choices.count == 1 ? choices[0] : .any(choices)
  }

  private mutating func conjunction() throws(QueryError) -> Query {
    var parts: [Query] = []
    while let token = next, token != .or, token != .close {
      if token == .and {
        guard !parts.isEmpty else { throw missing("'and' needs a term before it") }
        position += 1
      }
      parts.append(try unary())
    }
    guard !parts.isEmpty else {
      throw missing(position < tokens.count ? "a term is missing here" : "a term is missing at the end")
    }
    return parts.count == 1 ? parts[0] : .all(parts)
  }

  /// The error of a term missing at the current token (or at the end).
  private func missing(_ message: String) -> QueryError {
    if position < tokens.count {
      let (_, offset, length) = tokens[position]
      return QueryError(message, text: text, offset: offset, length: length)
    }
    return QueryError(message, text: text, offset: text.count)
  }

  private mutating func unary() throws(QueryError) -> Query {
    guard let token = next else { throw missing("a term is missing at the end") }
    let (_, offset, length) = tokens[position]
    position += 1
    switch token {
    case .not: return .not(try unary())
    case .open:
      let inner = try alternatives()
      guard next == .close else { throw QueryError("'(' without ')'", text: text, offset: offset) }
      position += 1
      return inner
    case .word(let word) where word.lowercased().hasPrefix(QueryField.savedPrefix):
      return try savedQuery(String(word.dropFirst(QueryField.savedPrefix.count)), offset: offset, length: length)
    case .word(let word):
      return .term(try QueryTermReader(text: text, offset: offset, length: length).term(word))
    case .close, .or, .and:
      position -= 1
      throw missing("a term is missing before this")
    }
  }

  /// The saved query `name` (written `q:NAME` at `offset`), read with the saved queries.
  private func savedQuery(_ name: String, offset: Int, length: Int) throws(QueryError) -> Query {
    func located(_ message: String) -> QueryError { QueryError(message, text: text, offset: offset, length: length) }
    guard !name.isEmpty else { throw located("'\(QueryField.savedPrefix)' needs the name of a saved query (q:out)") }
    guard let savedText = saved[name] else {
      let names = saved.keys.sorted()
      let suggestion = Suggestion.closest(to: name, among: names)
      throw located(
        "no saved query '\(name)'" + (suggestion.map { " (did you mean 'q:\($0)'?)" } ?? "")
          + (names.isEmpty
            ? "; save one in the journal's .demeter.json: \"queries\": {\"\(name)\": \"tag:restaurant\"}"
            : "; saved: \(names.joined(separator: ", "))"))
    }
    if let first = expanding.firstIndex(of: name) {
      throw located(
        "the saved query '\(name)' names itself: \((expanding[first...] + [name]).joined(separator: " → "))")
    }
    do {
      return try Self.parse(savedText, saved: saved, expanding: expanding + [name])
    } catch {
      // Said at the `q:NAME` of this text: a problem of a saved query inside it already names its query.
      let said = error.message.hasPrefix("the saved query") || error.message.hasPrefix("in the saved query")
      throw located(said ? error.message : "in the saved query '\(name)' (\(savedText)): \(error.message)")
    }
  }
}
