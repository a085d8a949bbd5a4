/// Why a report could not be written to its `-o` path, or why the path itself is wrong (an unknown
/// placeholder). The message names the path and the reason, e.g.
/// `cannot create folder 'Reports/2026': Permission denied`.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
