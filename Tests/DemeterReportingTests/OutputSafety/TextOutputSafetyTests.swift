import DemeterCore
import Testing

@testable import DemeterReporting
@testable import TextReport

/// The terminal (manual: output, reliability): no control character (C0 but the line feeds of the layout,
/// DEL, C1, ESC but the generator's own styling) and no bidirectional control from a journal
/// string reaches the output; what replaces them is the documented visible `\u{…}`; and tables stay
/// aligned as `DisplayWidth` measures them.
@Suite struct TextOutputSafetyTests {
  /// Strings that once got through: ALM (U+061C), a bidirectional mark like RLM, reached the
  /// terminal raw.
  static let regressions = ["a\u{061C}b", "\u{061C}\u{1B}[31m\u{061C}"]
  static let strings = regressions + HostileStringGenerator.make(400, seed: 0x7E_47)

  /// The SGR codes the generator itself writes (`TextCanvas`): bold, bold underlined, dim,
  /// yellow, reset.
  static let ownStyles: Set<String> = ["1", "1;4", "2", "33", "0"]

  @Test func terminalEscapingIsTheDocumentedOne() {
    for text in Self.strings { Self.checkTerminal(text) }
  }

  @Test func singleLineEscapingIsTheDocumentedOne() {
    for text in Self.strings { Self.checkSingleLine(text) }
  }

  @Test(arguments: regressions)
  func regression(text: String) {
    Self.checkTerminal(text)
    Self.checkSingleLine(text)
  }

  static func checkTerminal(_ text: String) {
    let escaped = TextEscaping.terminal(text)
    expectSame(escaped, ControlCharacters.terminal(text), "terminal(\(shown(text)))")
    let bad = escaped.unicodeScalars.filter {
      ControlCharacters.isControl($0) || ControlCharacters.isBidiControl($0)
    }
    #expect(bad.isEmpty, "terminal(\(shown(text))) keeps \(bad.map { String($0.value, radix: 16) })")
  }

  static func checkSingleLine(_ text: String) {
    let escaped = TextEscaping.singleLine(text)
    expectSame(escaped, ControlCharacters.singleLine(text), "singleLine(\(shown(text)))")
    let bad = escaped.unicodeScalars.filter {
      ControlCharacters.isControl($0) || ControlCharacters.isBidiControl($0)
        || ControlCharacters.isLineBreak($0)
    }
    #expect(bad.isEmpty, "singleLine(\(shown(text))) keeps \(bad.map { String($0.value, radix: 16) })")
  }

  /// `DisplayWidth.truncate` never gives more columns than asked for, and keeps whole characters.
  @Test func truncationFitsItsColumns() {
    for (index, text) in Self.strings.enumerated() {
      let escaped = TextEscaping.terminal(text)
      let columns = 1 + index % 40
      let cut = DisplayWidth.truncate(escaped, to: columns)
      #expect(DisplayWidth.of(cut) <= columns, "\(shown(text)) cut to \(columns): \(shown(cut))")
      let kept =
        cut.hasSuffix("…") && !sameScalars(cut, escaped) ? String(cut.unicodeScalars.dropLast()) : cut
      let prefix = escaped.unicodeScalars.starts(with: kept.unicodeScalars)
      #expect(prefix, "\(shown(cut)) is not a cut of \(shown(escaped))")
    }
  }

  /// `report` as text, on a terminal `width` columns wide or (nil) not on one.
  func render(_ report: ReportModel, color: Bool, width: Int? = nil) throws -> String {
    let options = RenderOptions(color: color, terminal: width != nil, width: width)
    return String(decoding: try TextGenerator().render(report, options: options), as: UTF8.self)
  }

  /// `text` without the generator's own styling; an issue for any other ESC.
  func unstyled(_ text: String, _ name: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\u{1B}" {
        var end = index + 1
        var code = ""
        if end < scalars.count && scalars[end] == "[" {
          end += 1
          while end < scalars.count && (("0"..."9").contains(scalars[end]) || scalars[end] == ";") {
            code.unicodeScalars.append(scalars[end])
            end += 1
          }
        }
        if end < scalars.count && scalars[end] == "m" && Self.ownStyles.contains(code) {
          index = end + 1
          continue
        }
        Issue.record("\(name): an ESC that is not the generator's styling at scalar \(index)")
      }
      out.append(scalars[index])
      index += 1
    }
    return String(out)
  }

  @Test(arguments: [false, true])
  func reportsHaveNoControlCharacters(color: Bool) throws {
    for (name, report, _) in HostileReports.all {
      let text = unstyled(try render(report, color: color), name)
      let bad = text.unicodeScalars.filter {
        ($0 != "\n" && ControlCharacters.isControl($0)) || ControlCharacters.isBidiControl($0)
      }
      #expect(bad.isEmpty, "\(name): \(bad.map { String($0.value, radix: 16) }) in the text output")
    }
  }

  /// Every table of every report: under its caption, the header and one line per row; each cell
  /// is its escaped text or a cut of it ending in `…`; text columns start, and number columns end,
  /// at the same display column on every line. Reports from journals shown on a terminal 80
  /// columns wide also fit it.
  @Test(arguments: [false, true])
  func tablesStayAligned(color: Bool) throws {
    for (name, report, _) in HostileReports.all {
      let lines = unstyled(try render(report, color: color), name).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .map(String.init)
      if !name.hasPrefix("model") {
        let onTerminal = unstyled(try render(report, color: color, width: 80), name)
        for line in onTerminal.split(separator: "\n") where DisplayWidth.of(String(line)) > 80 {
          Issue.record("\(name): a line wider than 80 columns: \(shown(String(line)))")
        }
      }
      var searchFrom = 0
      for table in report.tables where !table.rows.isEmpty {
        let caption = TextEscaping.terminal(table.caption)
        guard let start = lines[searchFrom...].firstIndex(where: { sameScalars($0, caption) }) else {
          Issue.record("\(name): no section \(shown(caption))")
          continue
        }
        searchFrom = start + table.rows.count + 2
        let columns = table.readerColumns
        let header = columns.map { TextEscaping.terminal($0.column.title) }
        let rows = table.rows.map { row in columns.map { TextEscaping.terminal(row.cells[$0.index].display) }
        }
        guard start + 1 + rows.count < lines.count else {
          Issue.record("\(name): table \(shown(caption)) is cut short")
          continue
        }
        var edges: [[Int]] = Array(repeating: [], count: columns.count)
        for (offset, cells) in ([header] + rows).enumerated() {
          let line = lines[start + 1 + offset]
          guard let spans = Self.cellSpans(line, cells) else {
            Issue.record(
              "\(name): table \(shown(caption)) line \(offset) does not hold its cells: \(shown(line))")
            continue
          }
          for (index, span) in spans.enumerated() {
            guard let span else { continue }
            edges[index].append(columns[index].column.isNumeric ? span.end : span.start)
          }
        }
        for (index, column) in columns.enumerated() where Set(edges[index]).count > 1 {
          let title = shown(column.column.title)
          Issue.record("\(name): column \(title) of \(shown(caption)) is not aligned: \(edges[index])")
        }
      }
    }
  }

  /// Where each cell is in `line` (display columns, start and end), found left to right: after
  /// the two-space indent and any spaces, the cell's text in full or cut (its longest prefix of
  /// whole characters followed by `…`); the last cell may have lost its trailing spaces. Nil for an
  /// empty or all-space cell, which has no place; nil for all when a cell is not where it should be.
  static func cellSpans(_ line: String, _ cells: [String]) -> [(start: Int, end: Int)?]? {
    let scalars = Array(line.unicodeScalars)
    guard scalars.starts(with: [" ", " "]) else { return nil }
    var position = 2
    var spans: [(start: Int, end: Int)?] = []
    func width(_ range: Range<Int>) -> Int {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars[range])
      return DisplayWidth.of(String(view))
    }
    for (index, cell) in cells.enumerated() {
      var text = cell
      if index == cells.count - 1 {
        while text.unicodeScalars.last == " " { text.unicodeScalars.removeLast() }
      }
      if text.unicodeScalars.allSatisfy({ $0 == " " }) {
        spans.append(nil)
        continue
      }
      var found: Int?
      var start = position
      while start <= scalars.count {
        if let length = match(text, scalars, at: start) {
          found = length
          break
        }
        guard start < scalars.count, scalars[start] == " " else { break }
        start += 1
      }
      guard let length = found else { return nil }
      spans.append((width(0..<start), width(0..<(start + length))))
      position = start + length
    }
    while position < scalars.count && scalars[position] == " " { position += 1 }
    return position == scalars.count ? spans : nil
  }

  /// How many scalars of `line` from `start` show `text`: all of it, or a prefix of whole
  /// characters followed by `…`.
  static func match(_ text: String, _ line: [Unicode.Scalar], at start: Int) -> Int? {
    let cell = Array(text.unicodeScalars)
    var common = 0
    while common < cell.count && start + common < line.count && line[start + common] == cell[common] {
      common += 1
    }
    if common == cell.count { return common }
    // Character boundaries of the cell, as scalar offsets.
    var boundaries: [Int] = []
    var offset = 0
    for character in text {
      boundaries.append(offset)
      offset += character.unicodeScalars.count
    }
    for boundary in boundaries.reversed() where boundary <= common {
      if start + boundary < line.count && line[start + boundary] == "…" { return boundary + 1 }
    }
    return nil
  }
}
