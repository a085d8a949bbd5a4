import DemeterFoundation

/// Reads a query's text (manual: queries): `or` binds loosest, then AND (terms side by side, or
/// `and`), then `not:` / `-`; parentheses group. A term is `FIELD:VALUE` (`QueryField`, a nutrient
/// or a micronutrient name) or `weekend` / `weekdays`; a value runs to the next space (or `"…"`
/// quoted, `\"` for a quote), and a `)` that no `(` of the value opened ends it.
package struct QueryParser {
  private enum Token: Equatable {
    case open, close, or, and, not
    /// A word: a term.
    case word(String)
  }

  private let text: String
  private var tokens: [(token: Token, offset: Int, length: Int)] = []
  private var position = 0

  /// The query of `text`.
  /// - Throws: `QueryError` located in `text`.
  package static func parse(_ text: String) throws(QueryError) -> Query {
    var parser = QueryParser(text: text)
    try parser.tokenize()
    guard !parser.tokens.isEmpty else { throw QueryError("the query is empty", text: text, offset: 0) }
    let query = try parser.alternatives()
    if parser.position < parser.tokens.count {
      let (_, offset, length) = parser.tokens[parser.position]
      throw QueryError("')' without '('", text: text, offset: offset, length: length)
    }
    return query
  }

  private init(text: String) {
    self.text = text
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
    case .word(let word):
      return .term(try QueryTermReader(text: text, offset: offset, length: length).term(word))
    case .close, .or, .and:
      position -= 1
      throw missing("a term is missing before this")
    }
  }
}
