import DemeterReporting

/// One self-contained HTML page (SPEC §6 `html`), rendered from `Templates/html.html.mustache`:
/// inline CSS and SVG charts, no JavaScript, no network, light/dark and print styles, real tables
/// with captions; every journal string HTML-escaped by the template engine, after its control
/// characters are made visible (`TextEscaping.singleLine`: NUL or ESC would make the page invalid).
public struct HTMLGenerator: ReportGenerator {
  public let name = "html"
  public let fileExtension = "html"
  public let mediaType = "text/html; charset=utf-8"
  public let summary =
    "a self-contained page with charts, from the built-in template Templates/html.html.mustache"

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    try TemplateGenerator.builtIn(name: "html", fileExtension: fileExtension, escape: TextEscaping.singleLine)
      .render(report, options: options)
  }
}
