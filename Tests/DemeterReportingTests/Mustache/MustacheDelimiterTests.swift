import Testing

@testable import DemeterReporting

/// The delimiters module of the Mustache specification.
@Suite struct MustacheDelimiterTests {
  static let cases: [MustacheSpecCase] = [
    .init("Pair Behavior", "{{=<% %>=}}(<%text%>)", ["text": "Hey!"], "(Hey!)"),
    .init("Special Characters", "({{=[ ]=}}[text])", ["text": "It worked!"], "(It worked!)"),
    .init(
      "Sections",
      "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  "
        + "|data|\n|/section|\n]\n",
      ["section": true, "data": "I got interpolated."],
      "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
    .init(
      "Inverted Sections",
      "[\n{{^section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|^section|\n  {{data}}\n  "
        + "|data|\n|/section|\n]\n",
      ["section": false, "data": "I got interpolated."],
      "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
    .init(
      "Partial Inheritence", "[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", ["value": "yes"],
      partials: ["include": ".{{value}}."], "[ .yes. ]\n[ .yes. ]\n"),
    .init(
      "Post-Partial Behavior", "[ {{>include}} ]\n[ .{{value}}.  .|value|. ]\n", ["value": "yes"],
      partials: ["include": ".{{value}}. {{= | | =}} .|value|."], "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n"),
    .init("Changed twice", "{{=<% %>=}}<%a%><%={{ }}=%>{{a}}", ["a": "x"], "xx"),
    .init("Triple mustache with new delimiters", "{{=<% %>=}}<%{a}%><%&a%><%a%>", ["a": "<"], "<<&lt;"),
    .init("Surrounding Whitespace", "| {{=@ @=}} |", "|  |"),
    .init("Outlying Whitespace (Inline)", " | {{=@ @=}}\n", " | \n"),
    .init("Standalone Tag", "Begin.\n{{=@ @=}}\nEnd.\n", "Begin.\nEnd.\n"),
    .init("Indented Standalone Tag", "Begin.\n  {{=@ @=}}\nEnd.\n", "Begin.\nEnd.\n"),
    .init("Standalone Line Endings", "|\r\n{{= @ @ =}}\r\n|", "|\r\n|"),
    .init("Standalone Without Previous Line", "  {{=@ @=}}\n=", "="),
    .init("Standalone Without Newline", "=\n  {{=@ @=}}", "=\n"),
    .init("Pair with Padding", "|{{= @   @ =}}|", "||"),
  ]

  @Test(arguments: cases)
  func delimitersRenderAsTheSpecificationSays(_ testCase: MustacheSpecCase) throws {
    #expect(try testCase.render() == testCase.expected)
  }
}
