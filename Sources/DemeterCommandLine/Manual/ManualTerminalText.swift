import DemeterReporting

/// A manual topic as plain text for a terminal (`help TOPIC`): paragraphs and list items wrapped to
/// the width, headings underlined, code indented as written, tables aligned (or, when too wide, one
/// line of `header: cell` pairs a row).
enum ManualTerminalText {
  static let width = 80

  static func render(_ topic: ManualTopic) -> String {
    var lines = [topic.title.uppercased(), String(repeating: "=", count: topic.title.count)]
    var previous: MarkdownBlock?
    for block in topic.body {
      if case .listItem = block, case .listItem = previous {} else { lines.append("") }
      lines += self.lines(block)
      previous = block
    }
    return lines.joined(separator: "\n")
  }

  /// A block's lines, as `render` and the man page's tables show them.
  static func lines(_ block: MarkdownBlock) -> [String] {
    switch block {
    case .heading(let level, let text):
      let plain = MarkdownInline.plain(text)
      return level <= 2 ? [plain, String(repeating: "-", count: plain.count)] : [plain]
    case .paragraph(let text):
      return wrapped(MarkdownInline.plain(text), first: "", rest: "")
    case .listItem(let depth, let marker, let text):
      let indent = String(repeating: "  ", count: depth + 1)
      let bullet = marker == "-" ? "- " : marker + " "
      return wrapped(
        MarkdownInline.plain(text), first: indent + bullet,
        rest: indent + String(repeating: " ", count: bullet.count))
    case .code(_, let code):
      return code.map { $0.isEmpty ? "" : "    " + $0 }
    case .table(let rows):
      return table(rows.map { $0.map(MarkdownInline.plain) })
    }
  }

  /// Aligned columns when they fit the width; else each row as its first cell on a line of its own,
  /// then the other cells below it (after their headers when there are more than one).
  private static func table(_ rows: [[String]]) -> [String] {
    let aligned = TextColumns.lines(rows).map { "  " + $0 }
    if aligned.allSatisfy({ $0.count <= width }), let header = aligned.first {
      let rule = "  " + String(repeating: "-", count: header.count - 2)
      return [header, rule] + aligned.dropFirst()
    }
    guard let header = rows.first else { return [] }
    return rows.dropFirst().flatMap { row -> [String] in
      let rest = Array(zip(header, row).dropFirst())
      let cells = rest.count == 1 ? rest.map(\.1) : rest.map { $0.isEmpty ? $1 : "\($0): \($1)" }
      return wrapped(row.first ?? "", first: "  ", rest: "    ")
        + wrapped(cells.joined(separator: "; "), first: "      ", rest: "      ")
    }
  }

  /// `text` broken at spaces into lines of at most `width` columns (a longer word keeps its own
  /// line), the first after `first`, the others after `rest`.
  static func wrapped(_ text: String, first: String, rest: String) -> [String] {
    var lines: [String] = []
    var line = first
    var empty = true
    for word in text.split(separator: " ") {
      if !empty && line.count + 1 + word.count > width {
        lines.append(line)
        line = rest
        empty = true
      }
      line += (empty ? "" : " ") + word
      empty = false
    }
    lines.append(line)
    return lines
  }
}
