/// A problem in date or timestamp text: where it is and what to do about it.
///
/// `offset` is a 0-based byte offset into the text that was parsed; add it to the column where the
/// text starts to point a diagnostic's caret at the spot.
public struct TimestampError: Error, Sendable, Hashable, CustomStringConvertible {
  /// 0-based byte offset of the problem in the parsed text.
  public var offset: Int
  /// A short, actionable message such as `month 13 is out of range (01–12)`.
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  /// The message (the offset is shown by whoever renders the diagnostic).
  public var description: String { message }
}
