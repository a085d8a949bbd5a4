import DemeterReporting

/// GitHub-flavoured Markdown (manual: output), rendered from `Templates/markdown.md.mustache`:
/// title, summary, tables, confidence section, needs-review list. Every journal string is
/// escaped so tables never break and no markup or HTML gets through.
public struct MarkdownGenerator: BuiltInTemplateFormat {
  public let name = "markdown"
  public let fileExtension = "md"
  public let aliases = ["md"]
  public let mediaType = "text/markdown; charset=utf-8"
  public let summary = "GitHub-flavoured Markdown, from the built-in template Templates/markdown.md.mustache"

  public init() {}

  /// A journal string escaped so that tables never break and no markup gets through.
  public static func escape(_ text: String) -> String { MarkdownEscaping.escape(text) }
}
