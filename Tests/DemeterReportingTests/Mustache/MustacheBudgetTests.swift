import Testing

@testable import DemeterReporting

/// One render's partials and output are bounded by a base plus an allowance per list item
/// (`MustacheBudget`, issue 13 §2): a partial bomb is a located error, a long list is not.
@Suite struct MustacheBudgetTests {
  /// `p0` … `p40`, each including the next twice: 2⁴⁰ inclusions; the last writes `leaf`.
  static func bomb(leaf: String) -> MustachePartials {
    var partials: [String: String] = [:]
    for level in 0..<41 {
      partials["p\(level)"] = level == 40 ? leaf : "{{> p\(level + 1)}}{{> p\(level + 1)}}"
    }
    return MustachePartials(partials)
  }

  @Test func partialBombThatWritesNothingIsStopped() throws {
    let template = try MustacheTemplate("start\n{{> p0}}", name: "bomb.txt")
    let error = #expect(throws: MustacheError.self) {
      try template.render(.null, partials: Self.bomb(leaf: ""))
    }
    #expect(
      error?.message.hasPrefix("partials included more than \(MustacheBudget.basePartials) times") == true)
    #expect(error?.templateName.hasPrefix("p") == true)
    #expect(error?.line == 1)
  }

  @Test func partialBombThatWritesIsStoppedByTheOutputLimit() throws {
    let template = try MustacheTemplate("{{> p0}}", name: "bomb.txt")
    let leaf = String(repeating: "x", count: 4096)
    let error = #expect(throws: MustacheError.self) {
      try template.render(.null, partials: Self.bomb(leaf: leaf))
    }
    #expect(error?.message.hasPrefix("the output passed \(MustacheBudget.baseOutputBytes) bytes") == true)
  }

  /// A partial per row of a list longer than the base allowance renders: each item adds to it.
  @Test func longListsGetTheirAllowance() throws {
    let rows = MustacheBudget.basePartials / 2 + 1
    let template = try MustacheTemplate("{{#rows}}{{> row}}{{/rows}}", name: "list.txt")
    let context = MustacheValue.object([
      "rows": .list(Array(repeating: .object(["x": .string("y")]), count: rows))
    ])
    let output = try template.renderUTF8(context, partials: ["row": "{{> cell}}", "cell": "{{x}}"])
    #expect(output.count == rows)
  }
}
