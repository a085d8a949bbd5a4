import Testing

@testable import DemeterReporting

/// The partials module of the Mustache specification.
@Suite struct MustachePartialTests {
  static let cases: [MustacheSpecCase] = [
    .init("Basic Behavior", "\"{{>text}}\"", partials: ["text": "from partial"], "\"from partial\""),
    .init("Failed Lookup", "\"{{>text}}\"", partials: [:], "\"\""),
    .init(
      "Context", "\"{{>partial}}\"", ["text": "content"], partials: ["partial": "*{{text}}*"], "\"*content*\""
    ),
    .init(
      "Recursion", "{{>node}}", ["content": "X", "nodes": [["content": "Y", "nodes": []]]],
      partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"], "X<Y<>>"),
    .init(
      "Recursion over a tree",
      "{{>tree}}",
      [
        "name": "root",
        "kids": [["name": "a", "kids": [["name": "a1", "kids": []]]], ["name": "b", "kids": []]],
      ],
      partials: ["tree": "{{name}}{{#kids}}({{>tree}}){{/kids}}"], "root(a(a1))(b)"),
    .init(
      "Partial inside a section", "{{#items}}[{{>item}}]{{/items}}", ["items": [1, 2]],
      partials: ["item": "{{.}}"], "[1][2]"),
    .init("Surrounding Whitespace", "| {{>partial}} |", partials: ["partial": "\t|\t"], "| \t|\t |"),
    .init(
      "Inline Indentation", "  {{data}}  {{> partial}}\n", ["data": "|"], partials: ["partial": ">\n>"],
      "  |  >\n>\n"),
    .init("Standalone Line Endings", "|\r\n{{>partial}}\r\n|", partials: ["partial": ">"], "|\r\n>|"),
    .init(
      "Standalone Without Previous Line", "  {{>partial}}\n>", partials: ["partial": ">\n>"], "  >\n  >>"),
    .init("Standalone Without Newline", ">\n  {{>partial}}", partials: ["partial": ">\n>"], ">\n  >\n  >"),
    .init(
      "Standalone Indentation", "\\\n {{>partial}}\n/\n", ["content": "<\n->"],
      partials: ["partial": "|\n{{{content}}}\n|\n"], "\\\n |\n <\n->\n |\n/\n"),
    .init(
      "Standalone Indentation with text around the values", "\\\n {{>partial}}\n/\n", ["content": "<\n->"],
      partials: ["partial": "|\n{{{content}}}a b{{{content}}}c\n|\n"], "\\\n |\n <\n->a b<\n->c\n |\n/\n"),
    .init(
      "Nested standalone partials add their indentation", "  {{>outer}}\n",
      partials: ["outer": "o\n  {{>inner}}\n", "inner": "i1\ni2\n"], "  o\n    i1\n    i2\n"),
    .init(
      "Standalone lines inside an indented partial", "  {{>p}}\n", ["show": true],
      partials: ["p": "{{#show}}\nshown\n{{/show}}\nend\n"], "  shown\n  end\n"),
    .init(
      "The same partial with and without indentation", "{{>p}}\n  {{>p}}\n", partials: ["p": "a\nb\n"],
      "a\nb\n  a\n  b\n"),
    .init("Padding Whitespace", "|{{> partial }}|", ["boolean": true], partials: ["partial": "[]"], "|[]|"),
  ]

  @Test(arguments: cases)
  func partialsRenderAsTheSpecificationSays(_ testCase: MustacheSpecCase) throws {
    #expect(try testCase.render() == testCase.expected)
  }

  @Test func partialsLookUpByName() {
    let partials: MustachePartials = ["a": "x", "b": "y"]
    #expect(partials["a"] == "x")
    #expect(partials["missing"] == nil)
    #expect(MustachePartials(["a": "x"]) == MustachePartials(["a": "x"]))
  }

  @Test(arguments: [
    ("", "  ", ""),
    ("a", "  ", "  a"),
    ("a\nb", "  ", "  a\n  b"),
    ("a\nb\n", "\t", "\ta\n\tb\n"),
    ("a\r\nb\r\n", " ", " a\r\n b\r\n"),
    ("\n\n", ">", ">\n>\n"),
    ("a\nb", "", "a\nb"),
  ])
  func indentingPrefixesEveryLine(text: String, indentation: String, expected: String) {
    #expect(MustacheRenderer.indenting(text, by: indentation) == expected)
  }
}
