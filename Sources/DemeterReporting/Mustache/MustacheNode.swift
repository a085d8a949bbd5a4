/// A tag's name: `a.b.c` as `["a", "b", "c"]`, the implicit iterator `.` as no parts.
struct MustacheName: Sendable, Hashable {
  var parts: [String]

  init(_ text: String) {
    parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }
}

/// Where a tag starts in its template, 1-based.
struct MustacheLocation: Sendable, Hashable {
  var line: Int
  var column: Int
}

/// One node of a parsed template. Comments and set-delimiter tags leave no node; standalone lines
/// are already removed from the text nodes.
indirect enum MustacheNode: Sendable, Hashable {
  /// Literal text, output as is: its UTF-8 bytes.
  case text([UInt8])
  /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
  case variable(MustacheName, escaped: Bool)
  /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
  case section(MustacheName, inverted: Bool, children: [MustacheNode], location: MustacheLocation)
  /// `{{> name}}`; `indentation` is the whitespace before a standalone partial tag.
  case partial(name: String, indentation: String, location: MustacheLocation)
}
