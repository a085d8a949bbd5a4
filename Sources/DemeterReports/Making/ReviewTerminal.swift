/// What `review` walks the queue on (`ReviewWalk`; manual: reviewing): one key at a time, a line
/// when it asks for one, and text written as it comes. The process's terminal in the command line,
/// or keys given by a test.
public protocol ReviewTerminal {
  /// Writes `text` as it is.
  mutating func write(_ text: String)
  /// The next key pressed (one byte), nil when the input has ended.
  mutating func key() -> UInt8?
  /// A line typed and ended with Enter (without its newline), nil when the input has ended.
  mutating func line() -> String?
}
