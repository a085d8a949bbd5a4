import DemeterReporting

/// GitHub-flavoured Markdown (manual: output), rendered from `Templates/markdown.md.mustache`:
/// title, summary, tables, confidence section, needs-review list. Every journal string is
/// escaped so tables never break and no markup or HTML gets through.
public struct MarkdownGenerator: ShellStreamingGenerator {
  public let name = "markdown"
  public let fileExtension = "md"
  public let aliases = ["md"]
  public let mediaType = "text/markdown; charset=utf-8"
  public let summary = "GitHub-flavoured Markdown, from the built-in template Templates/markdown.md.mustache"

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    try template().render(report, options: options)
  }

  public func streaming(_ shell: ReportModel) throws(ReportRenderError) -> (any TableStreamingGenerator)? {
    try template().streaming(shell)
  }

  private func template() throws(ReportRenderError) -> TemplateGenerator {
    try TemplateGenerator.builtIn(name: "markdown", fileExtension: fileExtension, escape: MarkdownEscaping.escape)
  }
}
