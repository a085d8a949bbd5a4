/// One topic of the manual, a Markdown article of `Documentation.docc` compiled into the binary
/// (`EmbeddedManual`), read with `help TOPIC` and part of the man page.
struct ManualTopic: Sendable {
  /// What `help` takes: the article's file name without `.md` (`journal`, `many-journals`).
  let name: String
  /// Its first heading.
  let title: String
  /// One line from the manual's contents page, for `help`'s list.
  let summary: String
  let markdown: String

  /// The contents page: the topics in reading order, each a list item `[NAME](NAME.md): summary`.
  static let contentsFile = "Manual.md"

  /// Every topic, in the contents page's order.
  static let all: [ManualTopic] = {
    let contents = MarkdownBlock.parse(EmbeddedManual.files[contentsFile] ?? "")
    return contents.compactMap { block -> ManualTopic? in
      guard case .listItem(_, _, let text) = block, text.hasPrefix("["),
        let close = text.firstIndex(of: "]"), text[close...].hasPrefix("]("),
        let end = text[close...].firstIndex(of: ")")
      else { return nil }
      let fileName = String(text[text.index(close, offsetBy: 2)..<end])
      guard fileName.hasSuffix(".md"), let markdown = EmbeddedManual.files[fileName] else { return nil }
      let summary = text[text.index(after: end)...].drop(while: { $0 == ":" || $0 == " " })
      let title = MarkdownBlock.parse(markdown).lazy.compactMap { block -> String? in
        if case .heading(1, let title) = block { return title } else { return nil }
      }.first
      return ManualTopic(
        name: String(fileName.dropLast(3)), title: MarkdownInline.plain(title ?? fileName),
        summary: MarkdownInline.plain(String(summary)), markdown: markdown)
    }
  }()

  static func named(_ name: String) -> ManualTopic? { all.first { $0.name == name } }

  /// The name of the topic a link target names (`reliability.md`, `reliability.md#limits`), from the
  /// embedded files alone: `all` renders its titles through links, so it must not be asked here.
  static func name(linkedBy target: String) -> String? {
    let file = target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? target
    guard file.hasSuffix(".md"), file != contentsFile, !file.contains("/"), EmbeddedManual.files[file] != nil
    else { return nil }
    return String(file.dropLast(3))
  }

  /// The article's blocks after its title.
  var body: [MarkdownBlock] {
    let blocks = MarkdownBlock.parse(markdown)
    if case .heading(1, _) = blocks.first { return Array(blocks.dropFirst()) }
    return blocks
  }
}
