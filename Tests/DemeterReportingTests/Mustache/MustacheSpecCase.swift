import Testing

@testable import DemeterReporting

/// One row of a Mustache specification table: a template rendered against data and partials.
struct MustacheSpecCase: Sendable, CustomTestStringConvertible {
  var name: String
  var template: String
  var data: MustacheValue
  var partials: MustachePartials
  var expected: String

  init(
    _ name: String, _ template: String, _ data: MustacheValue, partials: MustachePartials = [:],
    _ expected: String
  ) {
    self.name = name
    self.template = template
    self.data = data
    self.partials = partials
    self.expected = expected
  }

  /// A case with no data (an empty object) and no partials.
  init(_ name: String, _ template: String, _ expected: String) {
    self.init(name, template, [:], partials: [:], expected)
  }

  /// A case with no data (an empty object).
  init(_ name: String, _ template: String, partials: MustachePartials, _ expected: String) {
    self.init(name, template, [:], partials: partials, expected)
  }

  var testDescription: String { name }

  /// The template rendered as the case says.
  func render() throws(MustacheError) -> String {
    try MustacheTemplate(template, name: name).render(data, partials: partials)
  }
}
