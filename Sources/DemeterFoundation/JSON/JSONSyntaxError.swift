/// Why a JSON text was rejected, and where.
///
/// `offset` is the 0-based byte offset, from the start of the parsed buffer, of the offending byte:
/// the bad byte itself, the backslash of a bad escape, the opening quote of a duplicate key, the
/// trailing comma, the first byte of an out-of-range number. When the input ended too early it is
/// the input's length. Add 1 to get a 1-based column. `message` is short, starts in lowercase and
/// says what to write instead where that is clear, e.g. `trailing comma before '}'`.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The 0-based byte offset of the problem.
  public var offset: Int
  /// What is wrong, in a few words, lowercase first.
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  /// `byte 12: expected ':' after object key, found '='`.
  public var description: String {
    "byte \(offset): \(message)"
  }
}
