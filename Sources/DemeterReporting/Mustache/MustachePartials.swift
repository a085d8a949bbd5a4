/// The partials a template may include with `{{> name}}`: each name maps to the text of a template.
/// A name with no partial renders as the empty string, as the Mustache specification says.
public struct MustachePartials: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// The partials' template texts by name.
  public var templates: [String: String]

  public init(_ templates: [String: String] = [:]) {
    self.templates = templates
  }

  /// The partials; a repeated name keeps its last text.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.templates = Dictionary(elements, uniquingKeysWith: { _, last in last })
  }

  /// The template text of the partial `name`, or `nil` when there is none.
  public subscript(name: String) -> String? {
    templates[name]
  }
}
