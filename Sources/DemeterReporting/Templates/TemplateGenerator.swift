/// A report format rendered from a Mustache template (manual: output): the built-in Markdown and HTML
/// reports, and user templates (`--template FILE`, `<journal>/.demeter/templates/`,
/// `$XDG_CONFIG_HOME/demeter-report/templates/`, where `NAME.EXT.mustache` is `--format NAME`).
public struct TemplateGenerator: ReportGenerator {
  public let name: String
  public let fileExtension: String
  public let mediaType: String
  public let summary: String
  private let template: MustacheTemplate
  private let partials: MustachePartials
  private let escape: @Sendable (String) -> String

  /// A generator from template text; `path` names the template in error messages
  /// (`path:line:column: error: …`). `escape` is applied to every model string before rendering
  /// (identity for HTML, whose escaping Mustache does itself).
  public init(
    name: String, fileExtension: String, source: String, path: String, templateText: String,
    partials: MustachePartials = MustachePartials(),
    escape: @escaping @Sendable (String) -> String = { $0 }
  ) throws(ReportRenderError) {
    self.name = name
    self.fileExtension = fileExtension
    self.mediaType = TemplateGenerator.mediaType(forExtension: fileExtension)
    self.summary = source
    do {
      self.template = try MustacheTemplate(templateText, name: path, partials: partials)
    } catch {
      throw ReportRenderError(error.description)
    }
    self.partials = partials
    self.escape = escape
  }

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    do {
      return try template.renderUTF8(
        TemplateContext.make(report, escape: escape, names: template.names), partials: partials)
    } catch {
      throw ReportRenderError(error.description)
    }
  }

  /// The template split where the primary table of `shell` lists its rows (`TemplateTableStream`);
  /// nil when the template lists them other than once. For the built-in templates, whose row
  /// sections include no partial: a row of the table's columns that renders (the probe below)
  /// means every row renders.
  package func streaming(_ shell: ReportModel) throws(ReportRenderError) -> (any TableStreamingGenerator)? {
    guard let table = shell.primaryTable else { return nil }
    let split: MustacheSplit?
    do {
      split = try template.split(
        TemplateContext.make(shell, escape: escape, names: template.names, streamsPrimaryRows: true),
        at: TemplateContext.streamedRows, partials: partials)
    } catch {
      throw ReportRenderError(error.description)
    }
    guard let split else { return nil }
    let stream = TemplateTableStream(
      format: self, split: split, table: table, escape: escape, names: template.names)
    // A row of the table's shape, rendered once.
    let probe = ReportTableRow(cells: table.columns.map { _ in ReportCell(number: nil, display: "") })
    do {
      _ = try split.render([TemplateContext.row(probe, of: table, escape: escape, names: template.names)])
    } catch {
      throw ReportRenderError(error.description)
    }
    return stream
  }

  static func mediaType(forExtension fileExtension: String) -> String {
    switch fileExtension.lowercased() {
    case "html", "htm": return "text/html; charset=utf-8"
    case "md", "markdown": return "text/markdown; charset=utf-8"
    case "csv": return "text/csv"
    case "json": return "application/json"
    case "xml", "svg": return "application/xml"
    default: return "text/plain; charset=utf-8"
    }
  }
}

extension TemplateGenerator {
  /// The generator for the built-in template `NAME.EXT.mustache` in `Templates/`.
  public static func builtIn(
    name: String, fileExtension: String, escape: @escaping @Sendable (String) -> String = { $0 }
  ) throws(ReportRenderError) -> TemplateGenerator {
    let file = "\(name).\(fileExtension).mustache"
    guard let text = BuiltInTemplates.text(named: file) else {
      throw ReportRenderError("the built-in template \(file) is missing from this build")
    }
    return try TemplateGenerator(
      name: name, fileExtension: fileExtension, source: "built-in template Templates/\(file)",
      path: "Templates/\(file)", templateText: text,
      partials: BuiltInTemplates.partials, escape: escape)
  }
}

extension BuiltInTemplates {
  /// Built-in partials: every built-in template file by its name without `.mustache`.
  public static var partials: MustachePartials {
    var templates: [String: String] = [:]
    for name in names { templates[String(name.dropLast(".mustache".count))] = text(named: name) }
    return MustachePartials(templates)
  }
}
