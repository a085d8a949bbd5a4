import Testing

@testable import DemeterReporting

/// The interpolation module of the Mustache specification, plus this engine's value rendering.
@Suite struct MustacheInterpolationTests {
  static let cases: [MustacheSpecCase] = [
    .init("No Interpolation", "Hello from {Mustache}!\n", "Hello from {Mustache}!\n"),
    .init("Basic Interpolation", "Hello, {{subject}}!\n", ["subject": "world"], "Hello, world!\n"),
    .init(
      "HTML Escaping", "These characters should be HTML escaped: {{forbidden}}\n",
      ["forbidden": "& \" < >"], "These characters should be HTML escaped: &amp; &quot; &lt; &gt;\n"),
    .init(
      "Triple Mustache", "These characters should not be HTML escaped: {{{forbidden}}}\n",
      ["forbidden": "& \" < >"], "These characters should not be HTML escaped: & \" < >\n"),
    .init(
      "Ampersand", "These characters should not be HTML escaped: {{&forbidden}}\n",
      ["forbidden": "& \" < >"], "These characters should not be HTML escaped: & \" < >\n"),
    .init("Apostrophe is escaped too", "{{text}}", ["text": "it's"], "it&#39;s"),
    .init("Basic Integer", "\"{{mustache}}\" miles an hour!", ["mustache": 85], "\"85\" miles an hour!"),
    .init("Triple Integer", "\"{{{mustache}}}\" miles an hour!", ["mustache": 85], "\"85\" miles an hour!"),
    .init(
      "Number keeps its text", "{{n}} / {{m}}", ["n": .number("1.210"), "m": .number("1e3")], "1.210 / 1e3"),
    .init("Float literal", "{{n}}", ["n": 1.5], "1.5"),
    .init("Booleans", "{{yes}}/{{no}}", ["yes": true, "no": false], "true/false"),
    .init("Basic Null", "I ({{cannot}}) be seen!", ["cannot": nil], "I () be seen!"),
    .init("Triple Null", "I ({{{cannot}}}) be seen!", ["cannot": nil], "I () be seen!"),
    .init("Ampersand Null", "I ({{&cannot}}) be seen!", ["cannot": nil], "I () be seen!"),
    .init("Context Misses", "I ({{cannot}}) be found!", [:], "I () be found!"),
    .init("Triple Context Misses", "I ({{{cannot}}}) be found!", [:], "I () be found!"),
    .init(
      "Lists and objects interpolate as nothing", "[{{l}}][{{o}}]", ["l": [1, 2], "o": ["a": 1]], "[][]"),
    .init(
      "Dotted Names", "\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"",
      ["person": ["name": "Joe"]], "\"Joe\" == \"Joe\""),
    .init(
      "Dotted Names - Triple Mustache", "\"{{{person.name}}}\" == \"{{#person}}{{{name}}}{{/person}}\"",
      ["person": ["name": "Joe"]], "\"Joe\" == \"Joe\""),
    .init(
      "Dotted Names - Ampersand", "\"{{&person.name}}\" == \"{{#person}}{{&name}}{{/person}}\"",
      ["person": ["name": "Joe"]], "\"Joe\" == \"Joe\""),
    .init(
      "Dotted Names - Arbitrary Depth", "\"{{a.b.c.d.e.name}}\" == \"Phil\"",
      ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]]], "\"Phil\" == \"Phil\""),
    .init("Dotted Names - Broken Chains", "\"{{a.b.c}}\" == \"\"", ["a": [:]], "\"\" == \"\""),
    .init(
      "Dotted Names - Broken Chain Resolution", "\"{{a.b.c.name}}\" == \"\"",
      ["a": ["b": [:]], "c": ["name": "Jim"]], "\"\" == \"\""),
    .init(
      "Dotted Names - Initial Resolution", "\"{{#a}}{{b.c.d.e.name}}{{/a}}\" == \"Phil\"",
      [
        "a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]],
        "b": ["c": ["d": ["e": ["name": "Wrong"]]]],
      ], "\"Phil\" == \"Phil\""),
    .init(
      "Dotted Names - Context Precedence", "{{#a}}{{b.c}}{{/a}}", ["a": ["b": [:]], "b": ["c": "ERROR"]], ""),
    .init("Dotted Names through a non-object", "[{{a.b}}]", ["a": "text"], "[]"),
    .init("Implicit Iterators - Basic Interpolation", "Hello, {{.}}!\n", "world", "Hello, world!\n"),
    .init(
      "Implicit Iterators - HTML Escaping", "These characters should be HTML escaped: {{.}}\n", "& \" < >",
      "These characters should be HTML escaped: &amp; &quot; &lt; &gt;\n"),
    .init(
      "Implicit Iterators - Triple Mustache", "These characters should not be HTML escaped: {{{.}}}\n",
      "& \" < >", "These characters should not be HTML escaped: & \" < >\n"),
    .init(
      "Implicit Iterators - Ampersand", "These characters should not be HTML escaped: {{&.}}\n", "& \" < >",
      "These characters should not be HTML escaped: & \" < >\n"),
    .init("Implicit Iterators - Basic Integer", "\"{{.}}\" miles an hour!", 85, "\"85\" miles an hour!"),
    .init("Interpolation - Surrounding Whitespace", "| {{string}} |", ["string": "---"], "| --- |"),
    .init("Triple Mustache - Surrounding Whitespace", "| {{{string}}} |", ["string": "---"], "| --- |"),
    .init("Ampersand - Surrounding Whitespace", "| {{&string}} |", ["string": "---"], "| --- |"),
    .init("Interpolation - Standalone", "  {{string}}\n", ["string": "---"], "  ---\n"),
    .init("Triple Mustache - Standalone", "  {{{string}}}\n", ["string": "---"], "  ---\n"),
    .init("Ampersand - Standalone", "  {{&string}}\n", ["string": "---"], "  ---\n"),
    .init("Interpolation With Padding", "|{{ string }}|", ["string": "---"], "|---|"),
    .init("Triple Mustache With Padding", "|{{{ string }}}|", ["string": "---"], "|---|"),
    .init("Ampersand With Padding", "|{{& string }}|", ["string": "---"], "|---|"),
    .init("Non-ASCII text and values", "café {{w}} ✓\n", ["w": "naïve <ü>"], "café naïve &lt;ü&gt; ✓\n"),
  ]

  @Test(arguments: cases)
  func rendersAsTheSpecificationSays(_ testCase: MustacheSpecCase) throws {
    #expect(try testCase.render() == testCase.expected)
  }

  @Test func aParsedTemplateRendersManyTimes() throws {
    let template = try MustacheTemplate("<{{x}}>")
    #expect(try template.render(["x": "a"]) == "<a>")
    #expect(try template.render(["x": "b"], partials: [:]) == "<b>")
    #expect(try template.render(.null) == "<>")
  }
}
