import DemeterCore
import Testing

@testable import DemeterReporting

/// `MustacheValue`: conversion from JSON and the literal conformances tests rely on.
@Suite struct MustacheValueTests {
  @Test func jsonConvertsMemberByMember() throws {
    let json = try JSONParser().parse(
      #"{"name": "Oats & <milk>", "kcal": 12.20, "big": 1e3, "ok": true, "no": false, "none": null, "#
        + #""list": [1, "two", [], {}]}"#
    )
    let value = MustacheValue(json: json)
    #expect(
      value
        == .object([
          "name": .string("Oats & <milk>"),
          "kcal": .number("12.20"),
          "big": .number("1e3"),
          "ok": .bool(true),
          "no": .bool(false),
          "none": .null,
          "list": .list([.number("1"), .string("two"), .list([]), .object([:])]),
        ]))
  }

  @Test(arguments: [
    ("null", MustacheValue.null),
    ("true", .bool(true)),
    ("-0.50", .number("-0.50")),
    (#""text""#, .string("text")),
    ("[]", .list([])),
  ])
  func jsonScalarsConvert(json: String, expected: MustacheValue) throws {
    #expect(MustacheValue(json: try JSONParser().parse(json)) == expected)
  }

  @Test func jsonDataRendersThroughATemplate() throws {
    let json = try JSONParser().parse(
      #"{"days": [{"date": "2026-11-16", "kcal": 1850.0}, {"date": "2026-11-17", "kcal": 2010}], "note": ""}"#
    )
    let template = try MustacheTemplate("{{#days}}{{date}}: {{kcal}}\n{{/days}}{{^note}}no note{{/note}}")
    #expect(try template.render(MustacheValue(json: json)) == "2026-11-16: 1850.0\n2026-11-17: 2010\nno note")
  }

  @Test func literalsBuildTheMatchingCases() {
    let value: MustacheValue = ["s": "x", "i": 3, "d": 0.25, "b": true, "n": nil, "l": [1, "a"]]
    #expect(
      value
        == .object([
          "s": .string("x"), "i": .number("3"), "d": .number("0.25"), "b": .bool(true), "n": .null,
          "l": .list([.number("1"), .string("a")]),
        ]))
  }

  @Test(arguments: [
    (MustacheValue.null, false),
    (.bool(false), false),
    (.bool(true), true),
    (.string(""), false),
    (.string(" "), true),
    (.number("0"), true),
    (.list([]), false),
    (.list([.null]), true),
    (.object([:]), true),
  ])
  func truthiness(value: MustacheValue, expected: Bool) {
    #expect(value.isTruthy == expected)
  }
}
