import DemeterCore
import DemeterReports

/// One block of the Markdown the manual is written in: the subset its topics use (ATX headings,
/// paragraphs, `-` and numbered lists with nesting by two spaces, fenced code, pipe tables).
enum MarkdownBlock: Equatable, Sendable {
  case heading(level: Int, text: String)
  /// A paragraph's lines joined by spaces.
  case paragraph(String)
  /// A list item at a nesting depth (0 at the margin), its marker (`-` or `1.`) and its text.
  case listItem(depth: Int, marker: String, text: String)
  case code(language: String, lines: [String])
  /// A pipe table's rows (the header first), its `---` separator row left out.
  case table(rows: [[String]])

  /// The blocks of `text`, in order.
  static func parse(_ text: String) -> [MarkdownBlock] {
    var blocks: [MarkdownBlock] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
    while let line = lines.popFirst() {
      let trimmed = line.trimmingSpaces()
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("```") {
        var code: [String] = []
        while let next = lines.popFirst(), !next.trimmingSpaces().hasPrefix("```") { code.append(next) }
        blocks.append(.code(language: String(trimmed.dropFirst(3)), lines: code))
      } else if let heading = heading(trimmed) {
        blocks.append(heading)
      } else if trimmed.hasPrefix("|") {
        var rows = [cells(trimmed)]
        while let next = lines.first?.trimmingSpaces(), next.hasPrefix("|") {
          lines.removeFirst()
          if !next.allSatisfy({ "|-: ".contains($0) }) { rows.append(cells(next)) }
        }
        blocks.append(.table(rows: rows))
      } else if let (depth, marker, first) = listItem(line) {
        var text = first
        while let next = lines.first, !next.trimmingSpaces().isEmpty, listItem(next) == nil,
          next.hasPrefix("  "), !next.trimmingSpaces().hasPrefix("```")
        {
          text += " " + lines.removeFirst().trimmingSpaces()
        }
        blocks.append(.listItem(depth: depth, marker: marker, text: text))
      } else {
        var text = trimmed
        while let next = lines.first?.trimmingSpaces(), !next.isEmpty, !next.hasPrefix("```"),
          !next.hasPrefix("|"), heading(next) == nil, let raw = lines.first, listItem(raw) == nil
        {
          lines.removeFirst()
          text += " " + next
        }
        blocks.append(.paragraph(text))
      }
    }
    return blocks
  }

  private static func heading(_ line: String) -> MarkdownBlock? {
    let level = line.prefix(while: { $0 == "#" }).count
    guard (1...6).contains(level), line.dropFirst(level).first == " " else { return nil }
    return .heading(level: level, text: String(line.dropFirst(level + 1)).trimmingSpaces())
  }

  /// `- text`, `* text` or `12. text`, indented by two spaces a level.
  private static func listItem(_ line: String) -> (depth: Int, marker: String, text: String)? {
    let indent = line.prefix(while: { $0 == " " }).count
    let rest = line.dropFirst(indent)
    if rest.hasPrefix("- ") || rest.hasPrefix("* ") {
      return (indent / 2, "-", String(rest.dropFirst(2)).trimmingSpaces())
    }
    let digits = rest.prefix(while: \.isASCIIDigit)
    guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(". ") else { return nil }
    return (indent / 2, digits + ".", String(rest.dropFirst(digits.count + 2)).trimmingSpaces())
  }

  /// A table row's cells, trimmed; `\|` is a literal bar inside a cell.
  private static func cells(_ row: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var escaped = false
    for character in row.trimmingSpaces().dropFirst() {
      if escaped {
        cell.append(character == "|" ? "|" : "\\\(character)")
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        cells.append(cell.trimmingSpaces())
        cell = ""
      } else {
        cell.append(character)
      }
    }
    if !cell.trimmingSpaces().isEmpty { cells.append(cell.trimmingSpaces()) }
    return cells
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
