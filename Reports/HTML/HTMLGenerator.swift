import DemeterReporting

/// One self-contained HTML page (SPEC §6 `html`), rendered from `Templates/html.html.mustache`:
/// inline CSS and SVG charts, no JavaScript, no network, light/dark and print styles, real tables
/// with captions; every journal string HTML-escaped by the template engine.
public struct HTMLGenerator: ReportGenerator {
  public let name = "html"
  public let fileExtension = "html"
  public let mediaType = "text/html; charset=utf-8"
  public let summary = "a self-contained page with charts, from the built-in template Templates/html.html.mustache"

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    try TemplateGenerator.builtIn(name: "html", fileExtension: fileExtension, escape: Self.visibleControls)
      .render(report, options: options)
  }

  /// Control characters other than tab, line feed and carriage return are not allowed in HTML (nor in
  /// XML, so they also break the inline SVG and XHTML readers): they are shown as `\u{…}`, as the text
  /// report does. Markup characters are left to the template engine's HTML escaping.
  static func visibleControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isDisallowed) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isDisallowed(scalar) {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || (0x7F...0x9F).contains(scalar.value)
  }
}
