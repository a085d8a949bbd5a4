/// A logic-less Mustache template (https://mustache.github.io), parsed once and rendered many times.
///
/// It follows the Mustache specification's modules for interpolation (`{{name}}` HTML-escaped,
/// `{{{name}}}` and `{{& name}}` raw, dotted names, the implicit iterator `{{.}}`), sections,
/// inverted sections, comments, partials (with standalone indentation) and set delimiters,
/// including the standalone-line rule for `\n` and `\r\n` line ends. Differences and limits:
/// - Lambdas are not supported: the data is plain `MustacheValue`s.
/// - The empty string is falsey in sections, like `null`, `false` and the empty list.
/// - A list or object interpolated with `{{name}}` renders as the empty string.
/// - Partials nest at most 64 deep and sections and partials together at most 256 deep; deeper
///   nesting (usually a partial that includes itself unconditionally) is an error, not a crash.
/// - One render includes at most 100 000 partials and writes at most 64 MiB, plus 64 partials and
///   16 KiB for each list item it renders (`MustacheBudget`); more is a located error.
public struct MustacheTemplate: Sendable {
  /// The name errors are reported under, e.g. the template's file name.
  public let name: String
  let nodes: [MustacheNode]
  /// Every part of every name its tags, and those of the partials it includes, look up (`a` and
  /// `b` for `{{a.b}}`), or `nil` when it includes a partial it was not given (whose names are only
  /// known once the partial is found) or one that does not parse: a context member named by none
  /// of them is never looked up.
  public let names: Set<String>?

  /// Parses `text`; throws on an unclosed or mismatched section, an unclosed or empty tag or an
  /// invalid set-delimiters tag. `partials`, when given, are the ones it will be rendered with, so
  /// `names` covers what they look up too.
  public init(_ text: String, name: String = "template", partials: MustachePartials? = nil)
    throws(MustacheError)
  {
    self.name = name
    var parser = MustacheParser(text: text, templateName: name)
    nodes = try parser.parse()
    var included: Set<String> = []
    names = Self.names(in: nodes, partials: partials, included: &included)
  }

  /// The names `nodes` look up; each partial is read once (`included`), one it does not find
  /// renders nothing and looks nothing up.
  private static func names(
    in nodes: [MustacheNode], partials: MustachePartials?, included: inout Set<String>
  ) -> Set<String>? {
    var names: Set<String> = []
    for node in nodes {
      switch node {
      case .text: continue
      case .variable(let name, _): names.formUnion(name.parts)
      case .section(let name, _, let children, _):
        guard let inner = Self.names(in: children, partials: partials, included: &included) else {
          return nil
        }
        names.formUnion(name.parts)
        names.formUnion(inner)
      case .partial(let name, _, _):
        guard let partials else { return nil }
        guard included.insert(name).inserted, let text = partials[name] else { continue }
        var parser = MustacheParser(text: text, templateName: name)
        guard let nodes = try? parser.parse(),
          let inner = Self.names(in: nodes, partials: partials, included: &included)
        else { return nil }
        names.formUnion(inner)
      }
    }
    return names
  }

  /// The template rendered against `context`, with `{{> name}}` looked up in `partials`.
  public func render(_ context: MustacheValue, partials: MustachePartials = MustachePartials())
    throws(MustacheError) -> String
  {
    String(decoding: try renderUTF8(context, partials: partials), as: UTF8.self)
  }

  /// The template rendered against `context` as UTF-8 bytes, with `{{> name}}` looked up in `partials`.
  public func renderUTF8(_ context: MustacheValue, partials: MustachePartials = MustachePartials())
    throws(MustacheError) -> [UInt8]
  {
    var renderer = MustacheRenderer(partials: partials)
    var stack = [context]
    var output: [UInt8] = []
    try renderer.render(nodes, templateName: name, stack: &stack, depth: 0, partialDepth: 0, into: &output)
    return output
  }
}
