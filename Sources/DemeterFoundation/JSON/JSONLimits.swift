/// Bounds the parser enforces so that hostile or broken input fails fast with a located error
/// instead of exhausting the stack or memory.
///
/// The defaults suit journal lines (manual: journal, reliability): a line longer than 16 MiB, a string longer than
/// 16 MiB or nesting deeper than 64 levels is reported as an error.
public struct JSONLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects accepted; the outermost container is level 1, so
  /// `[[1]]` has depth 2 and a scalar alone has depth 0. Default 64. The parser recurses once per
  /// level, so values above `JSONLimits.depthCeiling` are treated as the ceiling.
  public var maxDepth: Int
  /// The longest string accepted, counted in bytes of its source text between the quotes
  /// (escapes counted as written). Default 16 MiB.
  public var maxStringBytes: Int
  /// The longest input accepted, in bytes (for a journal, one line). Default 16 MiB.
  public var maxInputBytes: Int

  /// The largest effective `maxDepth`, which keeps the parser's recursion well inside the
  /// stack of a secondary thread.
  public static let depthCeiling = 512

  /// Depth 64, strings and input up to 16 MiB.
  public static let `default` = JSONLimits()

  /// Limits with the given bounds; each defaults to the value documented on its property.
  public init(maxDepth: Int = 64, maxStringBytes: Int = 16 << 20, maxInputBytes: Int = 16 << 20) {
    self.maxDepth = maxDepth
    self.maxStringBytes = maxStringBytes
    self.maxInputBytes = maxInputBytes
  }

  /// The depth the parser enforces: `maxDepth` clamped to `0...depthCeiling`.
  public var effectiveMaxDepth: Int {
    Swift.min(Swift.max(maxDepth, 0), Self.depthCeiling)
  }

  /// A byte count for messages: `16 MiB`, `1 KiB` or `300 bytes`.
  package static func describe(bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(count: bytes, "byte")"
  }
}
