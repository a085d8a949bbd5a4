/// A day file's bytes with each non-blank line located and read, for rewrites that change some lines
/// and keep every other byte as it was (SPEC §9: untouched lines stay byte-identical).
public struct DayFileContents: Sendable {
  /// One non-blank line of the file.
  public struct Line: Sendable {
    /// 1-based line number.
    public var number: Int
    /// The line's content (no BOM, no `\r\n` or `\n`).
    public var content: Range<Int>
    /// The content plus its line end, if any: what removing the line removes.
    public var whole: Range<Int>
    /// The line read as an entry.
    public var outcome: EntryLineReader.Outcome
  }

  public var path: String
  public var bytes: [UInt8]
  public var lines: [Line]

  /// Splits and reads `bytes` (the contents of `path`) like the journal reader does.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    var lines: [Line] = []
    bytes.withUnsafeBufferPointer { buffer in
      for line in JournalLines(buffer) where !buffer.isBlank(line.range) {
        var end = line.range.upperBound
        if end < buffer.count, buffer[end] == UInt8(ascii: "\r") { end += 1 }
        if end < buffer.count, buffer[end] == UInt8(ascii: "\n") { end += 1 }
        let outcome = EntryLineReader.read(
          UnsafeBufferPointer(rebasing: buffer[line.range]), path: path, lineNumber: line.number)
        lines.append(
          Line(number: line.number, content: line.range, whole: line.range.lowerBound..<end, outcome: outcome)
        )
      }
    }
    self.lines = lines
  }

  /// Reads the file at `path`.
  public static func read(_ path: String) throws(ModelError) -> DayFileContents {
    do throws(FileBytes.ReadError) {
      return DayFileContents(path: path, bytes: try FileBytes.read(path, limit: .dayFile))
    } catch {
      throw .persistenceError("cannot read '\(path)': \(error.message)")
    }
  }

  /// Every problem of the file's lines, in line order.
  public var diagnostics: [Diagnostic] { lines.flatMap(\.outcome.diagnostics) }

  /// Whether every non-blank line is a valid entry.
  public var isValid: Bool { !lines.contains { $0.outcome.hasErrors } }

  /// The indices in `lines` of every entry with `id` (compared case-insensitively, as UUIDs are).
  public func lineIndices(ofEntry id: String) -> [Int] {
    let wanted = id.lowercased()
    return lines.indices.filter { lines[$0].outcome.line?.entry.id.lowercased() == wanted }
  }

  /// The file's bytes with the lines at `indices` replaced: a non-nil text becomes that line
  /// (ended by `\n`), nil removes the line with its line end. Every other byte is kept.
  public func replacingLines(_ replacements: [Int: String?]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var position = 0
    for (index, line) in lines.enumerated() {
      guard let replacement = replacements[index] else { continue }
      output += bytes[position..<line.whole.lowerBound]
      if let text = replacement {
        output += Array(text.utf8)
        output.append(UInt8(ascii: "\n"))
      }
      position = line.whole.upperBound
    }
    output += bytes[position...]
    return output
  }
}
