/// Why a query is not one: the message, and where in the query's text it is (characters), shown
/// as the text with carets under that part.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  /// The query's text.
  public var text: String
  /// The first character the problem is about, and how many.
  public var offset: Int
  public var length: Int

  package init(_ message: String, text: String, offset: Int, length: Int = 1) {
    self.message = message
    self.text = text
    self.offset = offset
    self.length = max(1, length)
  }

  /// The message, then the query and a line of carets under the part it is about.
  public var description: String {
    let padding = String(repeating: " ", count: offset)
    return "\(message)\n  \(text)\n  \(padding)\(String(repeating: "^", count: length))"
  }
}
