import DemeterReporting

/// One self-contained HTML page (SPEC §6 `html`), rendered from `Templates/html.html.mustache`:
/// inline CSS and SVG charts, no JavaScript, no network, light/dark and print styles, real tables
/// with captions; every journal string HTML-escaped by the template engine, after `escape(_:)`
/// makes its control characters and noncharacters visible (NUL, ESC or U+FFFF would make the page
/// invalid).
public struct HTMLGenerator: ReportGenerator {
  public let name = "html"
  public let fileExtension = "html"
  public let mediaType = "text/html; charset=utf-8"
  public let summary =
    "a self-contained page with charts, from the built-in template Templates/html.html.mustache"

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    try TemplateGenerator.builtIn(name: "html", fileExtension: fileExtension, escape: Self.escape)
      .render(report, options: options)
  }

  /// A journal string made fit for the page: on one line with its control characters visible
  /// (`TextEscaping.singleLine`), and every noncharacter (U+FDD0…U+FDEF, U+FFFE and U+FFFF of any
  /// plane: HTML parse errors, and U+FFFE/U+FFFF are not allowed in XML 1.0) visible as `\u{…}` too.
  @Sendable static func escape(_ text: String) -> String {
    let line = TextEscaping.singleLine(text)
    guard !line.utf8.allSatisfy({ $0 < 0x80 }), line.unicodeScalars.contains(where: isNoncharacter) else { return line }
    var out = String.UnicodeScalarView()
    for scalar in line.unicodeScalars {
      if isNoncharacter(scalar) {
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  private static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
    (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
  }
}
