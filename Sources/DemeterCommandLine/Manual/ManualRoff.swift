/// Manual topics as sections of the man page: a topic is a section (`.SH`), its headings subsections,
/// lists tagged paragraphs, code and tables unfilled text as `help TOPIC` shows them.
enum ManualRoff {
  static func sections(_ topics: [ManualTopic]) -> [String] {
    topics.flatMap { topic in
      [".SH \(ManPage.quoted(topic.title.uppercased()))"] + topic.body.flatMap(lines)
    }
  }

  private static func lines(_ block: MarkdownBlock) -> [String] {
    switch block {
    case .heading(_, let text):
      return [".SS \(ManPage.quoted(MarkdownInline.plain(text)))"]
    case .paragraph(let text):
      return [".PP", filled(text)]
    case .listItem(let depth, let marker, let text):
      let item = [".IP \(marker == "-" ? "\\(bu" : marker) \(2 + marker.count)", filled(text)]
      return depth == 0 ? item : [".RS"] + item + [".RE"]
    case .code, .table:
      return [".PP", ".nf"] + ManualTerminalText.lines(block).map(ManPage.escaped) + [".fi"]
    }
  }

  /// Filled text, escaped, with a break point (`\:`) after each `,` and `/` of a word too long for a
  /// line (a JSON example, a path), so that roff never has to overrun the margin.
  private static func filled(_ text: String) -> String {
    let words = ManPage.escaped(MarkdownInline.plain(text)).split(separator: " ", omittingEmptySubsequences: false)
    return words.map { word in
      word.count > 30 ? String(word).replacingAll(",", with: ",\\:").replacingAll("/", with: "/\\:") : String(word)
    }.joined(separator: " ")
  }
}
