import DemeterCore
import JSONReport
import Testing

@testable import DemeterReporting

/// The `json` generator keeps every string exactly (manual: reports, reliability): its output parses with the
/// strict `JSONParser`, and each decoded string is the input string, scalar for scalar.
@Suite struct JSONOutputSafetyTests {
  static let strings = HostileStringGenerator.make(400, seed: 0x15_0A)

  /// `JSONWriter`'s string literal: strict JSON, no raw control character or JavaScript line
  /// terminator (U+2028, U+2029), and it decodes to the string itself.
  @Test func everyStringRoundTrips() throws {
    for text in Self.strings {
      let literal = JSONWriter.quoted(text)
      let raw = literal.unicodeScalars.filter { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" }
      #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in the literal of \(shown(text))")
      let value = try JSONParser().parse(literal)
      guard case .string(let decoded) = value else {
        Issue.record("\(shown(text)) did not come back as a string: \(value)")
        continue
      }
      expectSame(decoded, text, "the JSON string of \(shown(text))")
    }
  }

  /// Whole reports: the output is the model's JSON value, every string exact; and the journal's
  /// strings are in it.
  @Test func reportsParseToTheirModel() throws {
    for (name, report, _) in HostileReports.all {
      let output = String(decoding: JSONGenerator().render(report, options: RenderOptions()), as: UTF8.self)
      #expect(output.hasSuffix("}\n"))
      let parsed = try JSONParser().parse(output)
      let same = Self.same(parsed, report.jsonValue)
      #expect(same, "\(name): the parsed output differs from the model")
      var strings: Set<[UInt8]> = []
      Self.collect(parsed, into: &strings)
      for text in report.allStrings {
        let found = strings.contains(Array(text.utf8))
        #expect(found, "\(name): \(shown(text)) is missing")
      }
    }
    for journal in HostileReports.journals {
      var strings: Set<[UInt8]> = []
      let output = JSONGenerator().render(journal.entriesReport, options: RenderOptions())
      Self.collect(try JSONParser().parse(output), into: &strings)
      for text in journal.entryStrings {
        let found = strings.contains(Array(text.utf8))
        #expect(found, "the entries report lacks \(shown(text))")
      }
    }
  }

  /// Equal values, strings compared scalar for scalar, member offsets ignored.
  static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x.literal == y.literal
    case (.string(let x), .string(let y)): return sameScalars(x, y)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.object(let x), .object(let y)):
      return x.members.count == y.members.count
        && zip(x.members, y.members).allSatisfy { sameScalars($0.key, $1.key) && same($0.value, $1.value) }
    default: return false
    }
  }

  static func collect(_ value: JSONValue, into strings: inout Set<[UInt8]>) {
    switch value {
    case .string(let text): strings.insert(Array(text.utf8))
    case .array(let items): for item in items { collect(item, into: &strings) }
    case .object(let object): for member in object.members { collect(member.value, into: &strings) }
    default: break
    }
  }
}
