/// A template rendered around one list whose items come later (`MustacheTemplate.split`): the bytes
/// before and after the items, and the items rendered as that list's section renders them, so
/// `head`, the items in order and `tail` are the bytes of the whole render.
public struct MustacheSplit: Sendable {
  /// The bytes before the first item.
  public let head: [UInt8]
  /// The bytes after the last item.
  public let tail: [UInt8]
  let hole: MustacheHole
  let partials: MustachePartials

  /// The bytes of `items`, each rendered in the place of the list's items.
  public func render(_ items: [MustacheValue]) throws(MustacheError) -> [UInt8] {
    var renderer = MustacheRenderer(partials: partials)
    var stack = hole.stack
    var output: [UInt8] = []
    try renderer.renderItems(items, at: hole, stack: &stack, into: &output)
    return output
  }
}

extension MustacheTemplate {
  /// The template rendered against `context`, in which the list item `marker` stands for the items
  /// of a list to come, split where they go; nil when the render meets `marker` other than once.
  public func split(_ context: MustacheValue, at marker: MustacheValue, partials: MustachePartials)
    throws(MustacheError) -> MustacheSplit?
  {
    var renderer = MustacheRenderer(partials: partials)
    renderer.hole = marker
    var stack = [context]
    var output: [UInt8] = []
    try renderer.render(nodes, templateName: name, stack: &stack, depth: 0, partialDepth: 0, into: &output)
    guard renderer.holes.count == 1, let hole = renderer.holes.first else { return nil }
    return MustacheSplit(
      head: Array(output[..<hole.offset]), tail: Array(output[hole.offset...]), hole: hole, partials: partials)
  }
}
