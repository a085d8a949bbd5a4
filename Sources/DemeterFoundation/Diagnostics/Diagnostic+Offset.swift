extension Diagnostic {
  /// A diagnostic at byte `offset` of a JSON text that starts at byte `textStart` of the file
  /// `bytes` (after a byte order mark, say), with the 1-based line and byte column of that spot in
  /// the file and its line as the excerpt. For files whose one JSON text spans several lines
  /// (`.demeter.json`, recipes).
  public init(
    _ severity: Severity, at offset: Int, ofTextFrom textStart: Int, in bytes: [UInt8], path: String,
    _ message: String
  ) {
    let absolute = min(textStart + max(offset, 0), bytes.count)
    var line = 1
    var lineStart = textStart
    for index in textStart..<absolute where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    var lineEnd = lineStart
    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    let column = absolute - lineStart + 1
    self.init(
      severity, SourceLocation(path: path, line: line, column: column), message,
      excerpt: LineExcerpt(line: bytes[lineStart..<lineEnd], around: column))
  }
}
