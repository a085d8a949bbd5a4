/// A question asked of the journal's entries (manual: queries): terms (`food:chicken`, `kcal:>500`)
/// joined by AND (side by side), `or`, `not:` / a leading `-`, and parentheses. A report of a query
/// counts only the entries it matches (`Query.matches`). A term is held in place, not boxed, so
/// matching an entry reads it without copying it (the scan matches every entry).
package enum Query: Sendable, Hashable {
  case term(QueryTerm)
  case all([Query])
  case any([Query])
  indirect case not(Query)
}

/// A query as it was asked: its text (for headers and JSON) and what it parsed to.
public struct AskedQuery: Sendable, Hashable, CustomStringConvertible {
  /// The query's words as given, joined by single spaces.
  public let text: String
  package let query: Query

  /// The query `text` (`QueryParser`), its `q:NAME` terms read from `saved` (the journal's config
  /// `"queries"`).
  /// - Throws: `QueryError` located in `text`.
  public init(_ text: String, saved: [String: String] = [:]) throws(QueryError) {
    self.text = text
    query = try QueryParser.parse(text, saved: saved)
  }

  /// `Query.canonicalText`: what keys the query's cache and what a digest file records.
  public var canonicalText: String { query.canonicalText }

  public var description: String { text }
}
