import Testing

@testable import DemeterReporting

/// The sections and inverted-sections modules of the Mustache specification.
@Suite struct MustacheSectionTests {
  static let sectionCases: [MustacheSpecCase] = [
    .init(
      "Truthy", "\"{{#boolean}}This should be rendered.{{/boolean}}\"", ["boolean": true],
      "\"This should be rendered.\""),
    .init("Falsey", "\"{{#boolean}}This should not be rendered.{{/boolean}}\"", ["boolean": false], "\"\""),
    .init("Null is falsey", "\"{{#null}}This should not be rendered.{{/null}}\"", ["null": nil], "\"\""),
    .init("Empty string is falsey", "[{{#s}}shown{{/s}}]", ["s": ""], "[]"),
    .init("Zero is truthy", "[{{#n}}{{.}}{{/n}}]", ["n": 0], "[0]"),
    .init("Empty object is truthy", "[{{#o}}shown{{/o}}]", ["o": [:]], "[shown]"),
    .init("Context", "\"{{#context}}Hi {{name}}.{{/context}}\"", ["context": ["name": "Joe"]], "\"Hi Joe.\""),
    .init(
      "Parent contexts", "\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"",
      ["a": "foo", "b": "wrong", "sec": ["b": "bar"], "c": ["d": "baz"]], "\"foo, bar, baz\""),
    .init("Variable test", "\"{{#foo}}{{.}} is {{foo}}{{/foo}}\"", ["foo": "bar"], "\"bar is bar\""),
    .init(
      "List Contexts",
      "{{#tops}}{{#middles}}{{tname.lower}}{{mname}}.{{#bottoms}}{{tname.upper}}{{mname}}{{bname}}.{{/bottoms}}{{/middles}}{{/tops}}",
      [
        "tops": [
          [
            "tname": ["upper": "A", "lower": "a"],
            "middles": [["mname": "1", "bottoms": [["bname": "x"], ["bname": "y"]]]],
          ]
        ]
      ], "a1.A1x.A1y."),
    .init(
      "Deeply Nested Contexts",
      "{{#a}}\n{{one}}\n{{#b}}\n{{one}}{{two}}{{one}}\n{{#c}}\n{{one}}{{two}}{{three}}{{two}}{{one}}\n{{/c}}\n{{/b}}\n{{/a}}\n",
      ["a": ["one": 1], "b": ["two": 2], "c": ["three": 3]], "1\n121\n12321\n"),
    .init(
      "List", "\"{{#list}}{{item}}{{/list}}\"", ["list": [["item": 1], ["item": 2], ["item": 3]]], "\"123\""),
    .init("Empty List", "\"{{#list}}Yay lists!{{/list}}\"", ["list": []], "\"\""),
    .init(
      "Doubled", "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n",
      ["bool": true, "two": "second"], "* first\n* second\n* third\n"),
    .init(
      "Nested (Truthy)", "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", ["bool": true], "| A B C D E "
        + "|"),
    .init(
      "Nested (Falsey)", "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", ["bool": false], "| A  E |"),
    .init("Context Misses", "[{{#missing}}Found key 'missing'!{{/missing}}]", [:], "[]"),
    .init(
      "Implicit Iterator - String", "\"{{#list}}({{.}}){{/list}}\"", ["list": ["a", "b", "c", "d", "e"]],
      "\"(a)(b)(c)(d)(e)\""),
    .init(
      "Implicit Iterator - Integer", "\"{{#list}}({{.}}){{/list}}\"", ["list": [1, 2, 3, 4, 5]],
      "\"(1)(2)(3)(4)(5)\""),
    .init(
      "Implicit Iterator - Array", "\"{{#list}}({{#.}}{{.}}{{/.}}){{/list}}\"",
      ["list": [[1, 2, 3], ["a", "b", "c"]]], "\"(123)(abc)\""),
    .init(
      "Implicit Iterator - HTML Escaping", "\"{{#list}}({{.}}){{/list}}\"", ["list": ["&", "\"", "<", ">"]],
      "\"(&amp;)(&quot;)(&lt;)(&gt;)\""),
    .init(
      "Dotted Names - Truthy", "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"Here\"", ["a": ["b": ["c": true]]],
      "\"Here\" == \"Here\""),
    .init(
      "Dotted Names - Falsey", "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"", ["a": ["b": ["c": false]]],
      "\"\" == \"\""),
    .init("Dotted Names - Broken Chains", "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"", ["a": [:]], "\"\" == \"\""),
    .init(
      "Surrounding Whitespace", " | {{#boolean}}\t|\t{{/boolean}} | \n", ["boolean": true], " | \t|\t | \n"),
    .init(
      "Internal Whitespace", " | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n",
      ["boolean": true], " |  \n  | \n"),
    .init(
      "Indented Inline Sections", " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n",
      ["boolean": true], " YES\n GOOD\n"),
    .init(
      "Standalone Lines", "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n", ["boolean": true],
      "| This Is\n|\n| A Line\n"),
    .init(
      "Indented Standalone Lines", "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n",
      ["boolean": true], "| This Is\n|\n| A Line\n"),
    .init("Standalone Line Endings", "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", ["boolean": true], "|\r\n|"),
    .init("Standalone Without Previous Line", "  {{#boolean}}\n#{{/boolean}}\n/", ["boolean": true], "#\n/"),
    .init("Standalone Without Newline", "#{{#boolean}}\n/\n  {{/boolean}}", ["boolean": true], "#\n/\n"),
    .init(
      "Tabs count as indentation", "a\n\t {{#boolean}}\t\nb\n{{/boolean}} \nc", ["boolean": true], "a\nb\nc"),
    .init(
      "Not standalone with text on the line", "a {{#boolean}}\nb\n{{/boolean}} c\n", ["boolean": true],
      "a \nb\n c\n"),
    .init(
      "Two section tags on one line are not standalone", "x\n{{#boolean}}{{/boolean}}\ny", ["boolean": true],
      "x\n\ny"),
    .init("Lone carriage return is not a line end", "{{#boolean}}\r|{{/boolean}}", ["boolean": true], "\r|"),
    .init("Padding", "|{{# boolean }}={{/ boolean }}|", ["boolean": true], "|=|"),
  ]

  static let invertedCases: [MustacheSpecCase] = [
    .init(
      "Falsey", "\"{{^boolean}}This should be rendered.{{/boolean}}\"", ["boolean": false],
      "\"This should be rendered.\""),
    .init("Truthy", "\"{{^boolean}}This should not be rendered.{{/boolean}}\"", ["boolean": true], "\"\""),
    .init(
      "Null is falsey", "\"{{^null}}This should be rendered.{{/null}}\"", ["null": nil],
      "\"This should be rendered.\""),
    .init("Empty string is falsey", "[{{^s}}empty{{/s}}]", ["s": ""], "[empty]"),
    .init("Context", "\"{{^context}}Hi {{name}}.{{/context}}\"", ["context": ["name": "Joe"]], "\"\""),
    .init("List", "\"{{^list}}{{n}}{{/list}}\"", ["list": [["n": 1], ["n": 2], ["n": 3]]], "\"\""),
    .init("Empty List", "\"{{^list}}Yay lists!{{/list}}\"", ["list": []], "\"Yay lists!\""),
    .init(
      "Keeps the context", "{{#o}}{{^missing}}{{name}}{{/missing}}{{/o}}", ["o": ["name": "kept"]], "kept"),
    .init(
      "Doubled", "{{^bool}}\n* first\n{{/bool}}\n* {{two}}\n{{^bool}}\n* third\n{{/bool}}\n",
      ["bool": false, "two": "second"], "* first\n* second\n* third\n"),
    .init(
      "Nested (Falsey)", "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |", ["bool": false], "| A B C D E |"
    ),
    .init("Nested (Truthy)", "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |", ["bool": true], "| A  E |"),
    .init("Context Misses", "[{{^missing}}Found key 'missing'!{{/missing}}]", [:], "[Found key 'missing'!]"),
    .init(
      "Dotted Names - Truthy", "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"\"", ["a": ["b": ["c": true]]],
      "\"\" == \"\""),
    .init(
      "Dotted Names - Falsey", "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"", ["a": ["b": ["c": false]]],
      "\"Not Here\" == \"Not Here\""),
    .init(
      "Dotted Names - Broken Chains", "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"", ["a": [:]],
      "\"Not Here\" == \"Not Here\""),
    .init(
      "Surrounding Whitespace", " | {{^boolean}}\t|\t{{/boolean}} | \n", ["boolean": false], " | \t|\t | \n"),
    .init(
      "Internal Whitespace", " | {{^boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n",
      ["boolean": false], " |  \n  | \n"),
    .init(
      "Indented Inline Sections", " {{^boolean}}NO{{/boolean}}\n {{^boolean}}WAY{{/boolean}}\n",
      ["boolean": false], " NO\n WAY\n"),
    .init(
      "Standalone Lines", "| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n", ["boolean": false],
      "| This Is\n|\n| A Line\n"),
    .init(
      "Standalone Indented Lines", "| This Is\n  {{^boolean}}\n|\n  {{/boolean}}\n| A Line\n",
      ["boolean": false], "| This Is\n|\n| A Line\n"),
    .init("Standalone Line Endings", "|\r\n{{^boolean}}\r\n{{/boolean}}\r\n|", ["boolean": false], "|\r\n|"),
    .init("Standalone Without Previous Line", "  {{^boolean}}\n^{{/boolean}}\n/", ["boolean": false], "^\n/"),
    .init("Standalone Without Newline", "^{{^boolean}}\n/\n  {{/boolean}}", ["boolean": false], "^\n/\n"),
    .init("Padding", "|{{^ boolean }}={{/ boolean }}|", ["boolean": false], "|=|"),
  ]

  @Test(arguments: sectionCases)
  func sectionsRenderAsTheSpecificationSays(_ testCase: MustacheSpecCase) throws {
    #expect(try testCase.render() == testCase.expected)
  }

  @Test(arguments: invertedCases)
  func invertedSectionsRenderAsTheSpecificationSays(_ testCase: MustacheSpecCase) throws {
    #expect(try testCase.render() == testCase.expected)
  }
}
