import DemeterCore
import Testing

@testable import DemeterReporting

/// `TemplateGenerator` and `BuiltInTemplates` (manual: output template plugins).
@Suite struct TemplateGeneratorTests {
  typealias F = JournalFixtures

  static let userTemplate = """
    {{! A user's plain-text format. }}
    {{title}} ({{period.first}} to {{period.last}})
    {{#tables}}{{#hasRows}}
    [{{caption}}]
    {{#readerColumns}}{{title}};{{/readerColumns}}
    {{#rows}}
    {{#readerCells}}{{display}};{{/readerCells}}
    {{/rows}}
    {{/hasRows}}{{/tables}}
    """

  func render(
    _ template: String, _ report: ReportModel, escape: @escaping @Sendable (String) -> String = { $0 }
  ) throws
    -> String
  {
    let generator = try TemplateGenerator(
      name: "mine", fileExtension: "txt", source: "--template mine.txt.mustache", path: "mine.txt.mustache",
      templateText: template,
      escape: escape)
    return String(decoding: try generator.render(report, options: RenderOptions()), as: UTF8.self)
  }

  @Test func userTemplateRendersTheTitleAndATable() throws {
    let report = ReportFixtures.model(
      kind: .week, rows: [ReportFixtures.row("2026-W46"), ReportFixtures.row("2026-W47", calories: "1445.5")])
    let output = try render(Self.userTemplate, report)
    #expect(
      output == """
        Week 2026-W47 (2026-11-16 to 2026-11-22)

        [Weeks]
        Week;Entries;kcal;Conf.;
        2026-W46;3;412;0.72;
        2026-W47;3;1446;0.72;

        """)
  }

  @Test func userTemplateSeesExactValues() throws {
    let report = F.weekReport()
    let output = try render("{{#summary}}{{id}}={{value}}\n{{/summary}}", report)
    #expect(output.contains("calories=1445.5\n"))
    #expect(output.contains("avg_daily_calories=722.75\n"))
    let confidence = try render(
      "{{#tables}}{{#rows}}{{#cells}}{{value}};{{/cells}}\n{{/rows}}{{/tables}}", report)
    #expect(confidence.contains("Mean;confidence_mean;0.7125;\n"))
  }

  @Test func modelStringsAreHTMLEscaped() throws {
    let report = ReportFixtures.model(
      kind: .week, rows: [ReportFixtures.row("<b>\"x\" & 'y'</b>")], title: "<script>alert(1)</script>")
    let output = try render(
      "{{title}}|{{#tables}}{{#rows}}{{#readerCells}}{{display}};{{/readerCells}}{{/rows}}{{/tables}}", report
    )
    #expect(output.hasPrefix("&lt;script&gt;alert(1)&lt;/script&gt;|"))
    #expect(output.contains("&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;;"))
    #expect(!output.contains("<"))
    // Triple braces are the template author's explicit choice of raw text.
    #expect(try render("{{{title}}}", report) == "<script>alert(1)</script>")
  }

  @Test func escapeFunctionIsAppliedBeforeRendering() throws {
    let report = ReportFixtures.model(kind: .week, rows: [], title: "a|b")
    let output = try render("{{{title}}}", report) {
      $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "/")
    }
    #expect(output == "a/b")
  }

  @Test func syntaxErrorBecomesALocatedRenderError() {
    let template = "{{title}}\n{{#tables}}\n  {{/rows}}\n"
    #expect {
      _ = try TemplateGenerator(
        name: "mine", fileExtension: "txt", source: "mine.txt.mustache", path: "mine.txt.mustache",
        templateText: template)
    } throws: { error in
      guard let error = error as? ReportRenderError else { return false }
      return error.message.contains("mine.txt.mustache:3:3:")
        && error.message.contains("closing tag {{/rows}} does not match open section \"tables\"")
    }
  }

  @Test func unclosedTagIsLocatedToo() {
    do {
      _ = try TemplateGenerator(
        name: "bad", fileExtension: "html", source: "user", path: "bad.html.mustache",
        templateText: "ok\n\nline {{title")
      Issue.record("an unclosed tag was accepted")
    } catch {
      #expect(error.message == "bad.html.mustache:3:6: error: unclosed tag")
    }
  }

  @Test func missingPartialRendersNothing() throws {
    let generator = try TemplateGenerator(
      name: "p", fileExtension: "txt", source: "s", path: "p.txt.mustache", templateText: "{{> nowhere}}")
    let report = ReportFixtures.model(kind: .week, rows: [])
    // A missing partial renders as nothing (the Mustache rule), never a crash.
    let output = try generator.render(report, options: RenderOptions())
    #expect(output.isEmpty)
  }

  @Test func mediaTypesFollowTheExtension() throws {
    let html = try TemplateGenerator(
      name: "a", fileExtension: "html", source: "s", path: "a.html.mustache", templateText: "x")
    #expect(html.mediaType == "text/html; charset=utf-8")
    let md = try TemplateGenerator(
      name: "a", fileExtension: "md", source: "s", path: "a.md.mustache", templateText: "x")
    #expect(md.mediaType == "text/markdown; charset=utf-8")
    let other = try TemplateGenerator(
      name: "a", fileExtension: "tex", source: "s", path: "a.tex.mustache", templateText: "x")
    #expect(other.mediaType == "text/plain; charset=utf-8")
    #expect(other.summary == "s")
    #expect(other.name == "a")
  }

  @Test func builtInTemplatesAreEmbedded() {
    #expect(BuiltInTemplates.names.contains("html.html.mustache"))
    #expect(BuiltInTemplates.names.contains("markdown.md.mustache"))
    #expect(BuiltInTemplates.names == BuiltInTemplates.names.sorted())
    #expect(BuiltInTemplates.text(named: "nothing.mustache") == nil)
  }

  @Test func everyBuiltInTemplateParses() throws {
    for name in BuiltInTemplates.names {
      let text = try #require(BuiltInTemplates.text(named: name))
      #expect(!text.isEmpty, "\(name)")
      #expect(throws: Never.self, "\(name)") { _ = try MustacheTemplate(text, name: name) }
    }
  }

  @Test func unknownBuiltInIsARenderError() {
    #expect(throws: ReportRenderError("the built-in template nope.txt.mustache is missing from this build")) {
      _ = try TemplateGenerator.builtIn(name: "nope", fileExtension: "txt")
    }
  }

  @Test func builtInPartialsAreNamedWithoutTheMustacheExtension() throws {
    let generator = try TemplateGenerator(
      name: "wrap", fileExtension: "md", source: "s", path: "wrap.md.mustache",
      templateText: "{{> markdown.md}}",
      partials: BuiltInTemplates.partials)
    let output = String(
      decoding: try generator.render(F.weekReport(), options: RenderOptions()), as: UTF8.self)
    #expect(output.hasPrefix("# Week 2026-W47\n"))
  }
}
