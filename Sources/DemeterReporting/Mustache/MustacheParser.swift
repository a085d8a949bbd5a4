/// Turns template text into `MustacheNode`s in one pass over its UTF-8 bytes, applying the
/// standalone-line rule and set-delimiter tags as it goes.
struct MustacheParser {
  private let bytes: [UInt8]
  private let templateName: String
  private let lineStarts: [Int]
  private let indentationWidth: Int
  private var openDelimiter: [UInt8] = Array("{{".utf8)
  private var closeDelimiter: [UInt8] = Array("}}".utf8)

  /// `indentationWidth` is the width, in characters, of indentation added before every line of
  /// `text` (a standalone partial's), left out of the columns errors report.
  init(text: String, templateName: String, indentationWidth: Int = 0) {
    bytes = Array(text.utf8)
    self.templateName = templateName
    self.indentationWidth = indentationWidth
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
  }

  private enum TagKind {
    case variable(escaped: Bool)
    case section(inverted: Bool)
    case close
    case comment
    case partial
    case setDelimiters(open: [UInt8], close: [UInt8])

    /// Tags that vanish with their line when alone on it; interpolations never do.
    var canBeStandalone: Bool {
      if case .variable = self { return false }
      return true
    }
  }

  private struct Tag {
    var kind: TagKind
    var name: String
    var end: Int
  }

  private struct OpenSection {
    var name: String
    var inverted: Bool
    var location: MustacheLocation
    var enclosing: [MustacheNode]
  }

  mutating func parse() throws(MustacheError) -> [MustacheNode] {
    var open: [OpenSection] = []
    var nodes: [MustacheNode] = []
    var cursor = 0
    while let tagStart = find(openDelimiter, from: cursor) {
      let tag = try readTag(at: tagStart)
      var textEnd = tagStart
      var next = tag.end
      var indentation = ""
      if tag.kind.canBeStandalone, let line = standaloneLine(tagStart: tagStart, tagEnd: tag.end) {
        let lineStart = max(line.start, cursor)
        textEnd = lineStart
        next = line.next
        indentation = String(decoding: bytes[lineStart..<tagStart], as: UTF8.self)
      }
      appendText(cursor..<textEnd, to: &nodes)
      cursor = next
      switch tag.kind {
      case .variable(let escaped):
        nodes.append(.variable(MustacheName(tag.name), escaped: escaped))
      case .section(let inverted):
        open.append(
          OpenSection(name: tag.name, inverted: inverted, location: location(of: tagStart), enclosing: nodes))
        nodes = []
      case .close:
        guard let section = open.popLast() else {
          throw error(at: tagStart, "closing tag \(closingTagText(tag.name)) has no open section")
        }
        guard section.name == tag.name else {
          throw error(
            at: tagStart,
            "closing tag \(closingTagText(tag.name)) does not match open section \"\(section.name)\"")
        }
        let children = nodes
        nodes = section.enclosing
        nodes.append(
          .section(
            MustacheName(section.name), inverted: section.inverted, children: children,
            location: section.location))
      case .comment:
        break
      case .partial:
        nodes.append(.partial(name: tag.name, indentation: indentation, location: location(of: tagStart)))
      case .setDelimiters(let newOpen, let newClose):
        openDelimiter = newOpen
        closeDelimiter = newClose
      }
    }
    appendText(cursor..<bytes.count, to: &nodes)
    if let section = open.last {
      throw error(
        at: bytes.count, "unclosed section \"\(section.name)\" opened at line \(section.location.line)")
    }
    return nodes
  }

  /// Reads the tag whose opening delimiter starts at `start`.
  private func readTag(at start: Int) throws(MustacheError) -> Tag {
    let contentStart = start + openDelimiter.count
    if contentStart < bytes.count, bytes[contentStart] == UInt8(ascii: "{") {
      guard let contentEnd = find([UInt8(ascii: "}")] + closeDelimiter, from: contentStart + 1) else {
        throw error(at: start, "unclosed tag")
      }
      let name = try tagName(contentStart + 1..<contentEnd, tagStart: start)
      return Tag(kind: .variable(escaped: false), name: name, end: contentEnd + 1 + closeDelimiter.count)
    }
    guard let contentEnd = find(closeDelimiter, from: contentStart) else {
      throw error(at: start, "unclosed tag")
    }
    let end = contentEnd + closeDelimiter.count
    guard contentStart < contentEnd else { throw error(at: start, "empty tag") }
    let afterSigil = contentStart + 1..<contentEnd
    switch bytes[contentStart] {
    case UInt8(ascii: "!"):
      return Tag(kind: .comment, name: "", end: end)
    case UInt8(ascii: "="):
      let delimiters = try setDelimiters(contentStart..<contentEnd, tagStart: start)
      return Tag(kind: .setDelimiters(open: delimiters.open, close: delimiters.close), name: "", end: end)
    case UInt8(ascii: "#"):
      return Tag(kind: .section(inverted: false), name: try tagName(afterSigil, tagStart: start), end: end)
    case UInt8(ascii: "^"):
      return Tag(kind: .section(inverted: true), name: try tagName(afterSigil, tagStart: start), end: end)
    case UInt8(ascii: "/"):
      return Tag(kind: .close, name: try tagName(afterSigil, tagStart: start), end: end)
    case UInt8(ascii: ">"):
      return Tag(kind: .partial, name: try tagName(afterSigil, tagStart: start), end: end)
    case UInt8(ascii: "&"):
      return Tag(kind: .variable(escaped: false), name: try tagName(afterSigil, tagStart: start), end: end)
    default:
      return Tag(
        kind: .variable(escaped: true), name: try tagName(contentStart..<contentEnd, tagStart: start),
        end: end)
    }
  }

  /// The tag's name without surrounding whitespace; an error if nothing is left.
  private func tagName(_ range: Range<Int>, tagStart: Int) throws(MustacheError) -> String {
    let trimmed = trimmingWhitespace(range)
    guard !trimmed.isEmpty else { throw error(at: tagStart, "empty tag") }
    return String(decoding: bytes[trimmed], as: UTF8.self)
  }

  /// The two delimiters of a `{{=open close=}}` tag's content `=open close=`: non-empty, separated
  /// by whitespace, neither containing whitespace or `=`.
  private func setDelimiters(_ range: Range<Int>, tagStart: Int) throws(MustacheError) -> (
    open: [UInt8], close: [UInt8]
  ) {
    guard range.count >= 2, bytes[range.upperBound - 1] == UInt8(ascii: "=") else {
      throw error(at: tagStart, "invalid set-delimiters tag")
    }
    let parts = bytes[range.lowerBound + 1..<range.upperBound - 1].split(whereSeparator: Self.isWhitespace)
    guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
      throw error(at: tagStart, "invalid set-delimiters tag")
    }
    return (Array(parts[0]), Array(parts[1]))
  }

  /// When the tag is alone on its line (only spaces and tabs around it), where that line starts
  /// and where the text after the line (past its `\n` or `\r\n`, if any) begins.
  private func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, next: Int)? {
    var start = tagStart
    while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") {
      start -= 1
    }
    guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return nil }
    var next = tagEnd
    while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
      next += 1
    }
    if next == bytes.count { return (start, next) }
    if bytes[next] == UInt8(ascii: "\n") { return (start, next + 1) }
    if bytes[next] == UInt8(ascii: "\r"), next + 1 < bytes.count, bytes[next + 1] == UInt8(ascii: "\n") {
      return (start, next + 2)
    }
    return nil
  }

  private func appendText(_ range: Range<Int>, to nodes: inout [MustacheNode]) {
    guard !range.isEmpty else { return }
    nodes.append(.text(Array(bytes[range])))
  }

  /// The first occurrence of `needle` at or after `start`.
  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    var index = start
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  private func trimmingWhitespace(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, Self.isWhitespace(bytes[lower]) { lower += 1 }
    while upper > lower, Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  private func closingTagText(_ name: String) -> String {
    String(decoding: openDelimiter, as: UTF8.self) + "/" + name
      + String(decoding: closeDelimiter, as: UTF8.self)
  }

  /// The 1-based line and column (in characters, not counting added indentation) of byte `offset`.
  private func location(of offset: Int) -> MustacheLocation {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let width = String(decoding: bytes[lineStarts[low]..<offset], as: UTF8.self).count
    let column = max(width - indentationWidth, 0) + 1
    return MustacheLocation(line: low + 1, column: column)
  }

  private func error(at offset: Int, _ message: String) -> MustacheError {
    let place = location(of: offset)
    return MustacheError(templateName: templateName, line: place.line, column: place.column, message: message)
  }
}
