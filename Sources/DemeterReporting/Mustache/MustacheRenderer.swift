/// Renders parsed nodes against a context stack. Partials are parsed on first use and kept for the
/// rest of one `render` call, once per name and indentation. The work of one call is bounded
/// (`MustacheBudget`).
struct MustacheRenderer {
  /// How deep partials may include partials.
  static let maximumPartialDepth = 64
  /// How deep sections and partials together may nest, so rendering never exhausts the stack.
  static let maximumDepth = 256

  private let partials: MustachePartials
  /// A list item that is not rendered: where it is met goes to `holes` (`MustacheTemplate.split`).
  var hole: MustacheValue?
  private(set) var holes: [MustacheHole] = []
  private var budget = MustacheBudget()
  private var parsedPartials: [PartialKey: [MustacheNode]] = [:]

  private struct PartialKey: Hashable {
    var name: String
    var indentation: String
  }

  init(partials: MustachePartials) {
    self.partials = partials
  }

  mutating func render(
    _ nodes: [MustacheNode], templateName: String, stack: inout [MustacheValue], depth: Int,
    partialDepth: Int, into output: inout [UInt8]
  ) throws(MustacheError) {
    for node in nodes {
      switch node {
      case .text(let bytes):
        output.append(contentsOf: bytes)
      case .variable(let name, let escaped):
        let text = Self.interpolationText(Self.lookup(name, in: stack))
        if escaped {
          MustacheEscaping.appendEscapingHTML(text, to: &output)
        } else {
          output.append(contentsOf: text.utf8)
        }
      case .section(let name, let inverted, let children, let location):
        let value = Self.lookup(name, in: stack)
        guard value.isTruthy != inverted else { continue }
        guard depth < Self.maximumDepth else {
          throw MustacheError(
            templateName: templateName, line: location.line, column: location.column,
            message: "sections and partials nested deeper than \(Self.maximumDepth) levels")
        }
        // An inverted section renders once in the same context; a list once per item, with the
        // item pushed; any other truthy value once, with the value pushed.
        if inverted {
          try render(
            children, templateName: templateName, stack: &stack, depth: depth + 1, partialDepth: partialDepth,
            into: &output)
        } else if case .list(let items) = value {
          let place = MustacheHole(
            offset: 0, nodes: children, stack: [], templateName: templateName, location: location, depth: depth + 1,
            partialDepth: partialDepth)
          try renderItems(items, at: place, stack: &stack, into: &output)
        } else {
          try render(
            children, pushing: value, templateName: templateName, stack: &stack, depth: depth + 1,
            partialDepth: partialDepth, into: &output)
        }
      case .partial(let name, let indentation, let location):
        guard let text = partials[name] else { continue }
        guard partialDepth < Self.maximumPartialDepth, depth < Self.maximumDepth else {
          let message =
            partialDepth < Self.maximumPartialDepth
            ? "sections and partials nested deeper than \(Self.maximumDepth) levels"
            : "partials nested deeper than \(Self.maximumPartialDepth) levels"
          throw MustacheError(
            templateName: templateName, line: location.line, column: location.column, message: message)
        }
        if let problem = budget.includePartial() ?? budget.check(outputSize: output.count) {
          throw MustacheError(
            templateName: templateName, line: location.line, column: location.column, message: problem)
        }
        let partialNodes = try parsedPartial(name: name, text: text, indentation: indentation)
        try render(
          partialNodes, templateName: name, stack: &stack, depth: depth + 1, partialDepth: partialDepth + 1,
          into: &output)
      }
    }
  }

  /// Renders `items`, each with the nodes of the section `place` names pushed on the context stack;
  /// an item equal to `hole` is not rendered but kept in `holes`, with where it would go.
  mutating func renderItems(
    _ items: [MustacheValue], at place: MustacheHole, stack: inout [MustacheValue], into output: inout [UInt8]
  ) throws(MustacheError) {
    for item in items {
      if let hole, item == hole {
        var found = place
        found.offset = output.count
        found.stack = stack
        holes.append(found)
        continue
      }
      budget.addItem()
      if let problem = budget.check(outputSize: output.count) {
        throw MustacheError(
          templateName: place.templateName, line: place.location.line, column: place.location.column,
          message: problem)
      }
      try render(
        place.nodes, pushing: item, templateName: place.templateName, stack: &stack, depth: place.depth,
        partialDepth: place.partialDepth, into: &output)
    }
  }

  /// Renders `nodes` with `context` pushed on the context stack.
  private mutating func render(
    _ nodes: [MustacheNode], pushing context: MustacheValue, templateName: String,
    stack: inout [MustacheValue], depth: Int, partialDepth: Int, into output: inout [UInt8]
  ) throws(MustacheError) {
    stack.append(context)
    defer { stack.removeLast() }
    try render(
      nodes, templateName: templateName, stack: &stack, depth: depth, partialDepth: partialDepth,
      into: &output)
  }

  /// The partial's nodes, its text indented by `indentation` on every line.
  private mutating func parsedPartial(name: String, text: String, indentation: String) throws(MustacheError)
    -> [MustacheNode]
  {
    let key = PartialKey(name: name, indentation: indentation)
    if let nodes = parsedPartials[key] { return nodes }
    var parser = MustacheParser(
      text: Self.indenting(text, by: indentation), templateName: name, indentationWidth: indentation.count)
    let nodes = try parser.parse()
    parsedPartials[key] = nodes
    return nodes
  }

  /// `text` with `indentation` before each of its lines (none after a final line end).
  static func indenting(_ text: String, by indentation: String) -> String {
    guard !indentation.isEmpty, !text.isEmpty else { return text }
    var result = indentation
    var index = text.unicodeScalars.startIndex
    let scalars = text.unicodeScalars
    while index != scalars.endIndex {
      let scalar = scalars[index]
      result.unicodeScalars.append(scalar)
      index = scalars.index(after: index)
      if scalar == "\n", index != scalars.endIndex {
        result += indentation
      }
    }
    return result
  }

  /// Resolves `name`: its first part in the innermost context that has it, the rest within that
  /// value. A missing part anywhere gives `null`.
  static func lookup(_ name: MustacheName, in stack: [MustacheValue]) -> MustacheValue {
    guard let first = name.parts.first else { return stack.last ?? .null }
    var found: MustacheValue?
    for context in stack.reversed() {
      if case .object(let members) = context, let value = members[first] {
        found = value
        break
      }
    }
    guard var value = found else { return .null }
    for part in name.parts.dropFirst() {
      guard case .object(let members) = value, let member = members[part] else { return .null }
      value = member
    }
    return value
  }

  /// What `{{name}}` writes: strings and numbers as they are, booleans as `true`/`false`, and the
  /// empty string for `null`, lists and objects.
  static func interpolationText(_ value: MustacheValue) -> String {
    switch value {
    case .null, .list, .object: ""
    case .bool(let flag): flag ? "true" : "false"
    case .string(let text): text
    case .number(let literal): literal
    }
  }
}
