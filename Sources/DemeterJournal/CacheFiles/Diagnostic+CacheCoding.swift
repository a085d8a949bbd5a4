import DemeterFoundation

/// The parse cache's block for one file's diagnostics, kept so a report or `--strict` prints the same
/// bytes from the cache as from a fresh parse: message and location, and for an excerpt only where
/// it is in the file (never the line's text), read back from the file when the block is read.
extension Diagnostic {
  /// Appends `diagnostics` of the file at `path` to `writer`. A location in that file is stored without
  /// its path, which the reader supplies again (the journal may be named differently next time). An
  /// excerpt is stored as its place in the file; one whose line has no known place is left out.
  package static func encodeForCache(_ diagnostics: [Diagnostic], path: String, into writer: inout CacheWriter) {
    writer.append(UInt64(diagnostics.count))
    for diagnostic in diagnostics {
      writer.append(UInt8(diagnostic.severity == .error ? 0 : 1))
      writer.append(UInt8(diagnostic.kind.map { $0.index + 1 } ?? 0))
      writer.append(Int64(diagnostic.count))
      let inFile = diagnostic.location.path == path
      writer.append(inFile)
      if !inFile { writer.append(diagnostic.location.path) }
      writer.append(Int64(diagnostic.location.line))
      writer.append(Int64(diagnostic.location.column))
      writer.append(diagnostic.message)
      let excerpt = inFile ? diagnostic.excerpt : nil
      writer.append(excerpt?.lineOffset != nil)
      if let excerpt, let lineOffset = excerpt.lineOffset {
        for value in [lineOffset, excerpt.firstColumn, excerpt.byteCount, excerpt.lineLength] {
          writer.append(Int64(value))
        }
      }
    }
  }

  /// Reads a block written by `encodeForCache` for the file now at `path`, reading excerpts back from
  /// that file (an excerpt the file no longer has is left out: the file changed, so its record is
  /// not used).
  package static func decodeFromCache(_ reader: inout CacheReader, path: String) throws(CacheFormatError)
    -> [Diagnostic]
  {
    // Each diagnostic takes at least 32 bytes, which bounds the count before anything is allocated.
    let count = try reader.count(UInt64.self, atMost: reader.remaining / 32)
    var diagnostics: [Diagnostic] = []
    diagnostics.reserveCapacity(count)
    var file: FileParts?
    for _ in 0..<count {
      let severity: Severity
      switch try reader.integer(UInt8.self) {
      case 0: severity = .error
      case 1: severity = .warning
      case let other: throw CacheFormatError("unknown severity \(other)")
      }
      let kindByte = Int(try reader.integer(UInt8.self))
      guard kindByte <= WarningKind.allCases.count else { throw CacheFormatError("unknown warning kind") }
      let count = try reader.integer(Int64.self)
      guard count >= 1 else { throw CacheFormatError("diagnostic count") }
      let locationPath = try reader.flag() ? path : try reader.string()
      let line = try reader.integer(Int64.self)
      let column = try reader.integer(Int64.self)
      guard line >= 0, column >= 0 else { throw CacheFormatError("negative location") }
      let message = try reader.string()
      var diagnostic = Diagnostic(
        severity, SourceLocation(path: locationPath, line: Int(line), column: Int(column)), message,
        kind: kindByte == 0 ? nil : WarningKind.allCases[kindByte - 1])
      diagnostic.count = Int(count)
      if try reader.flag() {
        let place = try (0..<4).map { _ throws(CacheFormatError) in try reader.integer(Int64.self) }
        guard place.allSatisfy({ $0 >= 0 }), place[1] >= 1, place[2] <= LineExcerpt.maximumBytes + 3 else {
          throw CacheFormatError("excerpt place")
        }
        let (lineOffset, firstColumn, byteCount, lineLength) = (
          Int(place[0]), Int(place[1]), Int(place[2]), Int(place[3])
        )
        file = file ?? FileParts(path: path)
        let (start, overflow) = lineOffset.addingReportingOverflow(firstColumn - 1)
        if !overflow, let bytes = file?.bytes(at: start, length: byteCount) {
          diagnostic.excerpt = LineExcerpt(
            text: String(decoding: bytes, as: UTF8.self), firstColumn: firstColumn, byteCount: byteCount,
            lineLength: lineLength, lineOffset: lineOffset)
        }
      }
      diagnostics.append(diagnostic)
    }
    return diagnostics
  }
}
