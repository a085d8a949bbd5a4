import DemeterFoundation
import DemeterJournal

/// A day file's bytes with each non-blank line located and read, for rewrites that change some lines
/// and keep every other byte as it was (manual: writing: untouched lines stay byte-identical).
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
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
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
    DayFileContents(path: path, bytes: try bytes(path))
  }

  /// The bytes of the day file at `path`.
  static func bytes(_ path: String) throws(ModelError) -> [UInt8] {
    do throws(FileBytes.ReadError) {
      return try FileBytes.read(path, limit: .dayFile)
    } catch {
      throw .persistenceError("cannot read '\(path)': \(error.message)")
    }
  }

  /// Every problem of the file's lines, in line order.
  public var diagnostics: [Diagnostic] { lines.flatMap(\.outcome.diagnostics) }

  /// Whether every non-blank line is a valid entry.
  public var isValid: Bool { !lines.contains { $0.outcome.hasErrors } }

  /// The file's bytes with the lines at `indices` replaced: a non-nil text becomes that line
  /// (ended by `\n`), nil removes the line with its line end. Every other byte is kept.
  public func replacingLines(_ replacements: [Int: String?]) -> [UInt8] {
    rewritten(replacing: replacements)
  }

  /// The file's bytes with the lines at `replacements` replaced (as `replacingLines`) and
  /// `additions` inserted where `fmt` would put them (`DayFileFormatter`): each right after the last
  /// kept valid entry that does not sort after it, else before the first line, so a file in
  /// canonical form stays so. Every other byte is kept; a last line without a line end gets one
  /// before a line is added after it.
  public func rewritten(
    replacing replacements: [Int: String?] = [:], inserting additions: [JournalEntryLine] = []
  ) -> [UInt8] {
    /// Lines to add after the line at each index (-1: before the first line).
    var insertions: [Int: [String]] = [:]
    for addition in additions.enumerated().sorted(by: { a, b in
      DayFileFormatter.precedes(a.element.entry, b.element.entry)
        || (!DayFileFormatter.precedes(b.element.entry, a.element.entry) && a.offset < b.offset)
    }).map(\.element) {
      let anchor = lines.indices.last { index in
        guard replacements[index] != .some(nil), let entry = lines[index].outcome.line?.entry,
          !lines[index].outcome.hasErrors
        else { return false }
        return !DayFileFormatter.precedes(addition.entry, entry)
      }
      insertions[anchor ?? -1, default: []].append(EntryLineEncoder.writtenLine(addition.object))
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + insertions.values.reduce(0) { $0 + $1.count * 300 })
    /// Appends `texts` as lines, ending first a last line left without a line end (not a BOM).
    func add(_ texts: [String]) {
      if let last = output.last, last != UInt8(ascii: "\n"), output != Self.byteOrderMark {
        output.append(UInt8(ascii: "\n"))
      }
      for text in texts {
        output += Array(text.utf8)
        output.append(UInt8(ascii: "\n"))
      }
    }
    var position = 0
    for (index, line) in lines.enumerated() {
      if index == 0, let first = insertions[-1] {
        output += bytes[position..<line.whole.lowerBound]
        position = line.whole.lowerBound
        add(first)
      }
      if let replacement = replacements[index] {
        output += bytes[position..<line.whole.lowerBound]
        if let text = replacement { add([text]) }
        position = line.whole.upperBound
      }
      if let after = insertions[index] {
        output += bytes[position..<line.whole.upperBound]
        position = line.whole.upperBound
        add(after)
      }
    }
    output += bytes[position...]
    if lines.isEmpty, let all = insertions[-1] { add(all) }
    return output
  }
}
