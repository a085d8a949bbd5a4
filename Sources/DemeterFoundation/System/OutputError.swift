/// Why a file could not be written (a report to its `-o` path, a journal day file), or why a report
/// path itself is wrong (an unknown placeholder). The message names the path and the reason, e.g.
/// `cannot create folder 'Reports/2026': Permission denied`.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
