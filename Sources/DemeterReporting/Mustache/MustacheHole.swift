/// Where a list item was left out of a render (`MustacheRenderer.hole`): the output offset it would
/// have been written at, and what renders an item there — the section's nodes, the context stack
/// around it and how deep it is.
struct MustacheHole: Sendable {
  var offset: Int
  let nodes: [MustacheNode]
  var stack: [MustacheValue]
  let templateName: String
  let location: MustacheLocation
  let depth: Int
  let partialDepth: Int
}
