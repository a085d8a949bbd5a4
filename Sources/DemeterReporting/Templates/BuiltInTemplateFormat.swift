/// A built-in format rendered from its template in `Templates/` (`NAME.EXTENSION.mustache`, compiled
/// into the binary), whole or around streamed rows.
public protocol BuiltInTemplateFormat: ShellStreamingGenerator {
  /// A journal string made fit for the format, before the template engine's own escaping.
  static func escape(_ text: String) -> String
}

extension BuiltInTemplateFormat {
  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    try template().render(report, options: options)
  }

  public func streaming(_ shell: ReportModel) throws(ReportRenderError) -> (any TableStreamingGenerator)? {
    try template().streaming(shell)
  }

  private func template() throws(ReportRenderError) -> TemplateGenerator {
    try TemplateGenerator.builtIn(name: name, fileExtension: fileExtension) { Self.escape($0) }
  }
}
