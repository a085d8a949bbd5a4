import Testing

@testable import DemeterReporting

/// Mustache's `{{name}}` escaping (the HTML generator's and user templates' only defence): the
/// output has no raw `<`, `>`, `"` or `'`, every `&` starts one of the five references it writes,
/// and decoding them gives the value back exactly — so a value can neither open markup, end an
/// attribute, nor be read as a Mustache tag (`{{…}}` in a value stays text).
@Suite struct MustacheOutputSafetyTests {
  static let strings = HostileStringGenerator.make(400, seed: 0x1D_EA)

  /// The references `MustacheEscaping` writes, and what they stand for.
  static let references: [(String, Unicode.Scalar)] = [
    ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
  ]

  /// `text` with its references decoded, or nil when it has a raw `<`, `>`, `"`, `'` or an `&`
  /// that starts none of the five references.
  static func decode(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    next: while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "<", ">", "\"", "'":
        return nil
      case "&":
        for (reference, value) in references {
          let reference = Array(reference.unicodeScalars)
          if scalars[index...].starts(with: reference) {
            out.append(value)
            index += reference.count
            continue next
          }
        }
        return nil
      default:
        out.append(scalar)
        index += 1
      }
    }
    return String(out)
  }

  @Test func escapingIsSafeAndExact() {
    for text in Self.strings {
      var bytes: [UInt8] = []
      MustacheEscaping.appendEscapingHTML(text, to: &bytes)
      let output = String(decoding: bytes, as: UTF8.self)
      let decoded = Self.decode(output)
      #expect(decoded != nil, "unsafe escaping of \(shown(text)): \(shown(output))")
      #expect(
        decoded.map { sameScalars($0, text) } ?? false, "\(shown(text)) decodes as \(shown(decoded ?? ""))")
    }
  }

  /// Through the renderer: in text, in double- and single-quoted attributes, inside sections and
  /// lists, next to a value whose name the string spells (`{{other}}` in a value is not expanded).
  @Test func renderedInterpolationsAreSafeAndExact() throws {
    let template = try MustacheTemplate(
      "<p title=\"{{value}}\" "
        + "data-x='{{value}}'>{{value}}</p><|>{{#list}}{{.}}<|>{{/list}}{{#section}}{{value}}{{/section}}"
    )
    for text in Self.strings {
      let context: MustacheValue = .object([
        "value": .string(text), "list": .list([.string(text), .string(text)]), "section": .bool(true),
        "other": .string("EXPANDED"), "name": .string("EXPANDED"), "y": .string("EXPANDED"),
      ])
      let output = try template.render(context)
      // `<|>` cannot come from a value, whose `<` and `>` are escaped.
      let parts = splitScalars(output, on: "<|>")
      #expect(parts.count == 4, "\(shown(text)): \(shown(output))")
      guard parts.count == 4 else { continue }
      let values = [parts[1], parts[2], parts[3]]
      for value in values {
        #expect(
          Self.decode(value).map { sameScalars($0, text) } ?? false,
          "\(shown(text)) rendered as \(shown(value))")
      }
      let head = parts[0]
      let expected =
        "<p title=\"\(Self.escaped(text))\" data-x='\(Self.escaped(text))'>\(Self.escaped(text))</p>"
      expectSame(head, expected, "\(shown(text)) in text and attributes")
    }
  }

  static func escaped(_ text: String) -> String {
    var output: [UInt8] = []
    MustacheEscaping.appendEscapingHTML(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }
}
