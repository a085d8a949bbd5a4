import Testing

@testable import DemeterReporting

/// `MustacheTemplate.names`: every name part a template can look up, or none known with partials.
@Suite struct MustacheNamesTests {
  @Test func collectsEveryPartOfEveryName() throws {
    let template = try MustacheTemplate(
      "{{a.b}} {{{c}}} {{& d}} {{#e}}{{f}}{{^g.h}}{{.}}{{/g.h}}{{/e}} {{! i}} {{=<% %>=}}<% j %>")
    #expect(template.names == ["a", "b", "c", "d", "e", "f", "g", "h", "j"])
  }

  @Test func aPartialMakesThemUnknown() throws {
    #expect(try MustacheTemplate("{{a}}{{>p}}").names == nil)
    #expect(try MustacheTemplate("{{#a}}{{^b}}{{>p}}{{/b}}{{/a}}").names == nil)
    #expect(try MustacheTemplate("plain text").names == [])
  }
}
