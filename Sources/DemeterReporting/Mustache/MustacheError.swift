/// Why a template could not be parsed or rendered, located like a compiler error.
public struct MustacheError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name of the template or partial the error is in.
  public var templateName: String
  /// The 1-based line of the error.
  public var line: Int
  /// The 1-based column of the error, in characters from the start of the line.
  public var column: Int
  /// What went wrong, e.g. `unclosed tag`.
  public var message: String

  public init(templateName: String, line: Int, column: Int, message: String) {
    self.templateName = templateName
    self.line = line
    self.column = column
    self.message = message
  }

  /// `name:line:column: error: message`.
  public var description: String { "\(templateName):\(line):\(column): error: \(message)" }
}
