import DemeterCore
import Testing

@testable import DemeterReporting
@testable import MarkdownReport

/// Markdown (manual: output, reliability): a journal string stays literal text on one line — every
/// markup character backslash-escaped, no control character, no line break — so a table row
/// keeps its columns, and the string starts no heading, list, quote, code or HTML block where
/// it lands.
@Suite struct MarkdownOutputSafetyTests {
  /// Strings that once got through: markup characters followed by a combining mark, ZWJ or
  /// variation selector (one Character with them, so a Character test missed them) broke table
  /// rows and made emphasis and links; leading spaces before a block marker (or four of them)
  /// started a list, heading or code block.
  static let regressions = [
    "a|\u{332}b", "!\u{200D}[x](y)", "*\u{335}bold*\u{335}", "<\u{301}b>", "\\\u{301}|", "  - item",
    "   1. item",
    "  # heading", "    code", "  > quote", "  <div>", " ---", "  ===", "\n- item", "\t+ item",
  ]
  static let strings = regressions + HostileStringGenerator.make(400, seed: 0x3D_0C)

  /// The ASCII punctuation `MarkdownEscaping` documents as special anywhere.
  static let special: Set<Unicode.Scalar> = [
    "\\", "|", "*", "_", "`", "[", "]", "<", ">", "#", "~", "!", "&",
  ]

  /// CommonMark's ASCII punctuation, which a backslash escapes.
  static let asciiPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

  /// What a reader of the rendered Markdown sees of `text`: the documented single-line form,
  /// without leading spaces.
  static func expectedText(_ text: String) -> String {
    String(String.UnicodeScalarView(ControlCharacters.singleLine(text).unicodeScalars.drop { $0 == " " }))
  }

  /// `text` with CommonMark's backslash escapes resolved (a backslash before ASCII punctuation
  /// stands for that character), or nil when a backslash escapes nothing (so it came from the
  /// journal unescaped) or a special character is not escaped.
  static func unescape(_ text: some StringProtocol) -> String? {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" {
        guard index + 1 < scalars.count, asciiPunctuation.contains(scalars[index + 1]) else { return nil }
        out.append(scalars[index + 1])
        index += 2
        continue
      }
      if special.contains(scalar) { return nil }
      out.append(scalar)
      index += 1
    }
    return String(out)
  }

  static func checkEscaping(_ text: String) {
    let escaped = MarkdownEscaping.escape(text)
    let bad = escaped.unicodeScalars.filter {
      ControlCharacters.isControl($0) || ControlCharacters.isBidiControl($0)
        || ControlCharacters.isLineBreak($0)
    }
    #expect(bad.isEmpty, "escape(\(shown(text))) keeps \(bad.map { String($0.value, radix: 16) })")
    guard let literal = unescape(escaped) else {
      Issue.record("escape(\(shown(text))) leaves markup unescaped: \(shown(escaped))")
      return
    }
    expectSame(literal, expectedText(text), "the text of escape(\(shown(text)))")
    if let block = blockStart(escaped) {
      Issue.record("escape(\(shown(text))) at the start of a line starts \(block): \(shown(escaped))")
    }
  }

  @Test func escapingIsLiteralAndSingleLine() {
    for text in Self.strings { Self.checkEscaping(text) }
  }

  @Test(arguments: regressions)
  func regression(text: String) {
    Self.checkEscaping(text)
    let row = "| " + MarkdownEscaping.escape(text) + " | x |"
    #expect(Self.cells(row)?.count == 2, "\(shown(row)) is not two cells")
  }

  // MARK: Blocks

  /// HTML block start conditions 6 (CommonMark 0.31 §4.6): these tag names.
  static let blockTags: Set<String> = [
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
    "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
    "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
    "option",
    "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title",
    "tr",
    "track", "ul",
  ]

  /// The block a line starts in CommonMark/GFM, or nil for paragraph text (the kinds a line can
  /// open: indented code, ATX heading, thematic break, setext underline, list item, block quote,
  /// fenced code, HTML block, link reference definition).
  static func blockStart(_ line: some StringProtocol) -> String? {
    let scalars = Array(line.unicodeScalars)
    var indent = 0
    while indent < scalars.count && scalars[indent] == " " { indent += 1 }
    let rest = Array(scalars[indent...])
    guard let first = rest.first else { return nil }
    if indent >= 4 { return "an indented code block" }
    let text = String(String.UnicodeScalarView(rest))
    let isSpace = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
    let hashes = rest.prefix { $0 == "#" }.count
    if (1...6).contains(hashes) && (rest.count == hashes || isSpace(rest[hashes])) { return "a heading" }
    for mark in ["-", "*", "_"] as [Unicode.Scalar] where first == mark {
      let marks = rest.filter { $0 == mark }.count
      if marks >= 3 && rest.allSatisfy({ $0 == mark || isSpace($0) }) { return "a thematic break" }
    }
    if first == "=" || first == "-" {
      let run = rest.prefix { $0 == first }.count
      if rest[run...].allSatisfy(isSpace) { return "a setext heading underline" }
    }
    if "-+*".unicodeScalars.contains(first) && (rest.count == 1 || isSpace(rest[1])) { return "a list item" }
    let digits = rest.prefix { ("0"..."9").contains($0) }.count
    if (1...9).contains(digits) && digits < rest.count && (rest[digits] == "." || rest[digits] == ")")
      && (rest.count == digits + 1 || isSpace(rest[digits + 1]))
    {
      return "an ordered list item"
    }
    if first == ">" { return "a block quote" }
    if text.hasPrefix("```") || text.hasPrefix("~~~") { return "a fenced code block" }
    if first == "<" {
      let lower = text.lowercased()
      for tag in ["<script", "<pre", "<style", "<textarea"] where lower.hasPrefix(tag) {
        let after = lower.unicodeScalars.dropFirst(tag.unicodeScalars.count).first
        if after == nil || after == ">" || isSpace(after!) { return "an HTML block" }
      }
      if text.hasPrefix("<!--") || text.hasPrefix("<?") || text.hasPrefix("<![CDATA[") {
        return "an HTML block"
      }
      if rest.count > 2 && rest[1] == "!" && rest[2].properties.isAlphabetic && rest[2].isASCII {
        return "an HTML block"
      }
      let nameStart = rest.count > 1 && rest[1] == "/" ? 2 : 1
      let name = String(
        String.UnicodeScalarView(
          rest[nameStart...].prefix { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        ))
      let after = rest.dropFirst(nameStart + name.unicodeScalars.count).first
      if blockTags.contains(name.lowercased())
        && (after == nil || after == ">" || after == "/" || isSpace(after!))
      {
        return "an HTML block"
      }
      if text.firstMatch(of: /^<\/?[A-Za-z][A-Za-z0-9-]*[^<>]*>\s*$/) != nil { return "an HTML block" }
    }
    if first == "[" && text.contains("]:") { return "a link reference definition" }
    return nil
  }

  /// The structure of a rendered line: the containers it opens (`- `, `> `) and the block their
  /// content starts, or `text`.
  static func kind(_ line: String) -> String {
    if line.isEmpty { return "blank" }
    if line.hasPrefix("|") { return "table row" }
    if let block = blockStart(line) {
      // Scalars, not `hasPrefix`: a space followed by a combining mark is one Character.
      let content = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(2)))
      let marker = String(String.UnicodeScalarView(line.unicodeScalars.prefix(2)))
      if block == "a list item", marker == "- " { return "list item > " + kind(content) }
      if block == "a block quote", marker == "> " { return "quote > " + kind(content) }
      return block
    }
    return "text"
  }

  // MARK: Tables

  /// The cells of a table row `| a | b |`: the text between unescaped pipes, without the one space
  /// the template puts on each side; nil when the line is not such a row.
  static func cells(_ line: String) -> [String]? {
    let scalars = Array(line.unicodeScalars)
    guard scalars.first == "|", scalars.last == "|" else { return nil }
    var cells: [String] = []
    var cell = String.UnicodeScalarView()
    var index = 1
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" && index + 1 < scalars.count {
        cell.append(scalar)
        cell.append(scalars[index + 1])
        index += 2
        continue
      }
      if scalar == "|" {
        cells.append(String(cell))
        cell = String.UnicodeScalarView()
      } else {
        cell.append(scalar)
      }
      index += 1
    }
    guard cell.isEmpty else { return nil }
    return cells.map { text in
      var scalars = text.unicodeScalars[...]
      if scalars.first == " " { scalars = scalars.dropFirst() }
      if scalars.last == " " { scalars = scalars.dropLast() }
      return String(String.UnicodeScalarView(scalars))
    }
  }

  func render(_ report: ReportModel) throws -> String {
    String(decoding: try MarkdownGenerator().render(report, options: RenderOptions()), as: UTF8.self)
  }

  /// Whole reports: the same lines, of the same kinds, as the report with plain strings; every
  /// table row as many cells as its header, each cell the escaped text of the model's cell; every
  /// other string the reader sees there as its escaped form; no control character anywhere.
  @Test func reportsKeepTheirStructure() throws {
    for (name, report, twin) in HostileReports.all {
      let markdown = try render(report)
      let bad = markdown.unicodeScalars.filter {
        ($0 != "\n" && ControlCharacters.isControl($0)) || ControlCharacters.isBidiControl($0)
          || ($0 != "\n" && ControlCharacters.isLineBreak($0))
      }
      #expect(bad.isEmpty, "\(name): \(bad.map { String($0.value, radix: 16) }) in the Markdown")
      let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let twinLines = try render(twin).split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
      #expect(
        lines.count == twinLines.count, "\(name): \(lines.count) lines, with plain strings \(twinLines.count)"
      )
      for (index, (line, twinLine)) in zip(lines, twinLines).enumerated() where kind(line) != kind(twinLine) {
        let (kinds, number) = ((Self.kind(line), Self.kind(twinLine)), index + 1)
        Issue.record("\(name) line \(number) is \(kinds.0), with plain strings \(kinds.1): \(shown(line))")
      }
      try checkTables(report, lines, name)
      // Tables are checked cell by cell above; the other strings are somewhere in the text.
      let bytes = Array(markdown.utf8)
      for text in report.readerStrings(tables: false) {
        let found = containsScalars(bytes, MarkdownEscaping.escape(text))
        #expect(found, "\(name): \(shown(text)) is not in the Markdown as escape(\(shown(text)))")
      }
    }
  }

  func kind(_ line: String) -> String { Self.kind(line) }

  func checkTables(_ report: ReportModel, _ lines: [String], _ name: String) throws {
    var searchFrom = 0
    for table in report.tables where !table.rows.isEmpty {
      let heading = "## " + MarkdownEscaping.escape(table.caption)
      guard let start = lines[searchFrom...].firstIndex(where: { sameScalars($0, heading) }) else {
        Issue.record("\(name): no heading \(shown(heading))")
        continue
      }
      searchFrom = start + 1
      let columns = table.readerColumns
      let expected =
        [columns.map { $0.column.title }]
        + table.rows.map { row in columns.map { row.cells[$0.index].display } }
      let rowLines = [lines[start + 2]] + lines[(start + 4)...].prefix(table.rows.count)
      #expect(rowLines.count == expected.count, "\(name): table \(shown(heading)) is cut short")
      for (line, texts) in zip(rowLines, expected) {
        guard let cells = Self.cells(line), cells.count == texts.count else {
          Issue.record("\(name): \(shown(line)) does not have \(texts.count) cells")
          continue
        }
        for (cell, text) in zip(cells, texts) {
          guard let literal = Self.unescape(cell) else {
            Issue.record("\(name): markup left unescaped in the cell \(shown(cell))")
            continue
          }
          expectSame(literal, Self.expectedText(text), "\(name): the cell of \(shown(text))")
        }
      }
    }
  }
}
