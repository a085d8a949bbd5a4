/// The parse cache's block for one file's diagnostics, kept exactly (message, location, line text) so
/// a report or `--strict` prints the same bytes from the cache as from a fresh parse.
extension Diagnostic {
  /// Appends `diagnostics` of the file at `path` to `writer`. A location in that file is stored without
  /// its path, which the reader supplies again (the journal may be named differently next time).
  static func encodeForCache(_ diagnostics: [Diagnostic], path: String, into writer: inout CacheWriter) {
    writer.append(UInt64(diagnostics.count))
    for diagnostic in diagnostics {
      writer.append(UInt8(diagnostic.severity == .error ? 0 : 1))
      let inFile = diagnostic.location.path == path
      writer.append(inFile)
      if !inFile { writer.append(diagnostic.location.path) }
      writer.append(Int64(diagnostic.location.line))
      writer.append(Int64(diagnostic.location.column))
      writer.append(diagnostic.message)
      writer.append(diagnostic.lineText != nil)
      if let lineText = diagnostic.lineText { writer.append(lineText) }
    }
  }

  /// Reads a block written by `encodeForCache` for the file now at `path`.
  static func decodeFromCache(_ reader: inout CacheReader, path: String) throws(CacheFormatError)
    -> [Diagnostic]
  {
    // Each diagnostic takes at least 23 bytes, which bounds the count before anything is allocated.
    let count = try reader.count(UInt64.self, atMost: reader.remaining / 23)
    var diagnostics: [Diagnostic] = []
    diagnostics.reserveCapacity(count)
    for _ in 0..<count {
      let severity: Severity
      switch try reader.integer(UInt8.self) {
      case 0: severity = .error
      case 1: severity = .warning
      case let other: throw CacheFormatError("unknown severity \(other)")
      }
      let locationPath = try reader.flag() ? path : try reader.string()
      let line = try reader.integer(Int64.self)
      let column = try reader.integer(Int64.self)
      guard line >= 0, column >= 0 else { throw CacheFormatError("negative location") }
      let message = try reader.string()
      let lineText = try reader.flag() ? try reader.string() : nil
      diagnostics.append(
        Diagnostic(
          severity, SourceLocation(path: locationPath, line: Int(line), column: Int(column)), message,
          lineText: lineText))
    }
    return diagnostics
  }
}
