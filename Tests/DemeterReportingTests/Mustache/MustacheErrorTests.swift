import Testing

@testable import DemeterReporting

/// Templates that cannot be parsed or rendered give located errors, never a crash.
@Suite struct MustacheErrorTests {
  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var template: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { message }
  }

  static let parseCases: [ErrorCase] = [
    .init(
      template: "a\n  {{#rows}}\n{{x}}", line: 3, column: 6,
      message: "unclosed section \"rows\" opened at line 2"),
    .init(
      template: "{{#a}}{{#b}}{{/b}}", line: 1, column: 19, message: "unclosed section \"a\" opened at line "
        + "1"),
    .init(
      template: "{{#a}}\n  {{/b}}", line: 2, column: 3,
      message: "closing tag {{/b}} does not match open section \"a\""),
    .init(
      template: "{{=<% %>=}}<%#a%><%/ b %>", line: 1, column: 18,
      message: "closing tag <%/b%> does not match open section \"a\""),
    .init(template: "x {{/a}}", line: 1, column: 3, message: "closing tag {{/a}} has no open section"),
    .init(template: "hello\nwörld {{name", line: 2, column: 7, message: "unclosed tag"),
    .init(template: "{{{name}}", line: 1, column: 1, message: "unclosed tag"),
    .init(template: "{{! never closed", line: 1, column: 1, message: "unclosed tag"),
    .init(template: "{{=<% %>=}} <%name}}", line: 1, column: 13, message: "unclosed tag"),
    .init(template: "a{{}}", line: 1, column: 2, message: "empty tag"),
    .init(template: "{{ }}", line: 1, column: 1, message: "empty tag"),
    .init(template: "{{#}}", line: 1, column: 1, message: "empty tag"),
    .init(template: "{{/ }}", line: 1, column: 1, message: "empty tag"),
    .init(template: "{{> }}", line: 1, column: 1, message: "empty tag"),
    .init(template: "{{&}}", line: 1, column: 1, message: "empty tag"),
    .init(template: "{{{ }}}", line: 1, column: 1, message: "empty tag"),
    .init(template: "{{=<%=}}", line: 1, column: 1, message: "invalid set-delimiters tag"),
    .init(template: "{{=<% %>}}", line: 1, column: 1, message: "invalid set-delimiters tag"),
    .init(template: "{{=a b c=}}", line: 1, column: 1, message: "invalid set-delimiters tag"),
    .init(template: "{{==}}", line: 1, column: 1, message: "invalid set-delimiters tag"),
    .init(template: "\r\n  {{=a= b=}}", line: 2, column: 3, message: "invalid set-delimiters tag"),
  ]

  @Test(arguments: parseCases)
  func parseErrorsAreLocated(_ testCase: ErrorCase) {
    #expect(
      throws: MustacheError(
        templateName: "t.mustache", line: testCase.line, column: testCase.column, message: testCase.message)
    ) {
      try MustacheTemplate(testCase.template, name: "t.mustache")
    }
  }

  @Test func descriptionReadsLikeACompilerError() {
    let error = MustacheError(
      templateName: "report.html.mustache", line: 3, column: 7, message: "unclosed tag")
    #expect(error.description == "report.html.mustache:3:7: error: unclosed tag")
  }

  @Test func defaultTemplateNameIsTemplate() {
    #expect(throws: MustacheError(templateName: "template", line: 1, column: 1, message: "unclosed tag")) {
      try MustacheTemplate("{{x")
    }
  }

  @Test func partialParseErrorsNameThePartial() throws {
    let template = try MustacheTemplate("one\n{{>row}}", name: "main")
    #expect(
      throws: MustacheError(
        templateName: "row", line: 2, column: 7, message: "unclosed section \"x\" opened at line 2")
    ) {
      try template.render(.null, partials: ["row": "line\n{{#x}}"])
    }
  }

  @Test(arguments: [
    ("ok\n{{oops", 2, 1, "unclosed tag"),
    ("ok\n  a {{oops", 2, 5, "unclosed tag"),
    ("{{#x}}\n", 2, 1, "unclosed section \"x\" opened at line 1"),
    ("{{#x}}\nlast", 2, 5, "unclosed section \"x\" opened at line 1"),
  ])
  func indentedPartialErrorsAreLocatedInThePartialAsWritten(
    partialText: String, line: Int, column: Int, message: String
  ) throws {
    let template = try MustacheTemplate("    {{>row}}\n", name: "main")
    #expect(throws: MustacheError(templateName: "row", line: line, column: column, message: message)) {
      try template.render(.null, partials: ["row": partialText])
    }
  }

  @Test func missingPartialWithBrokenTextIsNotParsed() throws {
    let template = try MustacheTemplate("{{#no}}{{>bad}}{{/no}}|")
    #expect(try template.render(["no": false], partials: ["bad": "{{"]) == "|")
  }

  /// The error is at the innermost `{{>self}}` tag, in the partial as written.
  @Test(arguments: [("{{>self}}", 1), ("  {{>self}}\n", 3), ("{{#a}}{{>self}}{{/a}}", 7)])
  func unboundedPartialRecursionIsAnError(partialText: String, column: Int) throws {
    let template = try MustacheTemplate("{{>self}}", name: "main")
    let expected = MustacheError(
      templateName: "self", line: 1, column: column, message: "partials nested deeper than 64 levels")
    #expect(throws: expected) {
      try template.render(["a": true], partials: ["self": partialText])
    }
  }

  @Test func mutualPartialRecursionIsAnError() throws {
    let template = try MustacheTemplate("{{>ping}}", name: "main")
    #expect(
      throws: MustacheError(
        templateName: "pong", line: 1, column: 2, message: "partials nested deeper than 64 levels")
    ) {
      try template.render(.null, partials: ["ping": "{{>pong}}", "pong": "-{{>ping}}"])
    }
  }

  @Test func partialsNested64DeepStillRender() throws {
    var partials: [String: String] = [:]
    for level in 1..<64 {
      partials["p\(level)"] = "{{>p\(level + 1)}}"
    }
    partials["p64"] = "bottom"
    #expect(try MustacheTemplate("{{>p1}}").render(.null, partials: MustachePartials(partials)) == "bottom")
  }

  @Test func sectionsNestedTooDeepAreAnError() throws {
    let depth = 300
    let text = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
    let template = try MustacheTemplate(text, name: "deep")
    #expect(
      throws: MustacheError(
        templateName: "deep", line: 1, column: 256 * 6 + 1,
        message: "sections and partials nested deeper than 256 levels")
    ) {
      try template.render(["a": true])
    }
  }

  @Test func sectionsNestedWithinTheLimitRender() throws {
    let depth = 200
    let text = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
    #expect(try MustacheTemplate(text).render(["a": true]) == "x")
  }
}
