/// The part of a source line shown under a diagnostic: the whole line when it is at most
/// `LineExcerpt.maximumBytes` long, else a window of that many bytes around the diagnostic's column
/// (cut at whole UTF-8 sequences). A diagnostic never holds more of its line than this, however long
/// the line is.
public struct LineExcerpt: Sendable, Hashable {
  /// The most bytes of a line an excerpt keeps.
  public static let maximumBytes = 1024

  /// The excerpt's text (invalid UTF-8 repaired).
  public var text: String
  /// The 1-based byte column, in the whole line, of the excerpt's first byte.
  public var firstColumn: Int
  /// How many bytes of the line the excerpt covers (`text` may be longer where invalid UTF-8 was
  /// repaired).
  public var byteCount: Int
  /// The length in bytes of the whole line.
  public var lineLength: Int
  /// Where the line starts in its file, in bytes, when known: the parse cache stores this location
  /// instead of the text and reads the excerpt back from the unchanged file.
  public var lineOffset: Int?

  /// The excerpt of `line` (its bytes, without the line end) around the 1-based byte `column`.
  /// - Complexity: O(`maximumBytes`), whatever the length of the line.
  public init<Line: RandomAccessCollection<UInt8>>(line: Line, around column: Int, lineOffset: Int? = nil)
  where Line.Index == Int {
    let count = line.count
    var start = 0
    var end = count
    if count > Self.maximumBytes {
      let half = Self.maximumBytes / 2
      start = max(0, min(column - 1 - half, count - Self.maximumBytes))
      while start > 0, line[line.startIndex + start] & 0xC0 == 0x80 { start -= 1 }
      end = min(count, start + Self.maximumBytes)
      while end < count, line[line.startIndex + end] & 0xC0 == 0x80 { end += 1 }
    }
    self.init(
      text: String(decoding: line[(line.startIndex + start)..<(line.startIndex + end)], as: UTF8.self),
      firstColumn: start + 1, byteCount: end - start, lineLength: count, lineOffset: lineOffset)
  }

  /// The excerpt of the line `text` around the 1-based byte `column`.
  public init(lineText text: String, around column: Int) {
    var text = text
    self = text.withUTF8 { LineExcerpt(line: $0, around: column) }
  }

  /// An excerpt as stored: `text`, from `byteCount` bytes at `firstColumn` of a line of `lineLength`
  /// bytes.
  public init(text: String, firstColumn: Int, byteCount: Int, lineLength: Int, lineOffset: Int? = nil) {
    self.text = text
    self.firstColumn = firstColumn
    self.byteCount = byteCount
    self.lineLength = lineLength
    self.lineOffset = lineOffset
  }

  /// Excerpts are equal when they show the same part of the same-length line, wherever the line is.
  public static func == (a: LineExcerpt, b: LineExcerpt) -> Bool {
    (a.text, a.firstColumn, a.byteCount, a.lineLength) == (b.text, b.firstColumn, b.byteCount, b.lineLength)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(firstColumn)
    hasher.combine(byteCount)
    hasher.combine(lineLength)
  }

  /// Whether the line goes on before the excerpt.
  public var isCutBefore: Bool { firstColumn > 1 }
  /// Whether the line goes on after the excerpt.
  public var isCutAfter: Bool { firstColumn - 1 + byteCount < lineLength }
}
