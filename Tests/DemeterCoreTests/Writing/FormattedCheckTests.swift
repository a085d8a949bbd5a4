import Foundation
import Testing

@testable import DemeterCore

/// `DayFileFormatter.isFormatted` and `CanonicalLine`: `fmt`'s quick test never calls a file
/// formatted that `format` would change, and recognises what `format` writes.
@Suite struct FormattedCheckTests {
  private static func format(_ text: String) -> [UInt8]? {
    DayFileFormatter.format(DayFileContents(path: "2026-11-21.jsonl", bytes: Array(text.utf8)))
  }

  /// Lines in many shapes: escapes, unknown keys, optional fields, wall-clock time, same times.
  static let lines: [String] = [
    EntryLine().text,
    EntryLine(id: "00000000-0000-4000-8000-000000000001").setting("meal", "\"lunch\"").setting("tags", "[\"a\",\"b\"]").text,
    EntryLine(id: "00000000-0000-4000-8000-000000000002", foodName: "tab\\there \\u00e9 \\/ \\u2028").text,
    EntryLine(id: "00000000-0000-4000-8000-000000000003", timestamp: "2026-11-21T07:00:00").text,
    EntryLine(id: "00000000-0000-4000-8000-000000000004").setting("micronutrients", "{\"zinc\":1,\"iron\":2.50}").text,
    EntryLine(id: "00000000-0000-4000-8000-000000000005").setting("custom", "{\"x\":1}").text,
    EntryLine(id: "00000000-0000-4000-8000-000000000006", foodName: "ctrl \\u001f \\u001F \\b").text,
  ]

  @Test func whatFormatWritesIsFormattedAndAnythingElseIsNot() throws {
    let file = Self.lines.joined(separator: "\n") + "\n"
    let formatted = try #require(Self.format(file))
    #expect(formatted != Array(file.utf8))
    #expect(!DayFileFormatter.isFormatted(Array(file.utf8)))
    // Lines with an unknown key are left to the full path; the rest are recognised.
    let known = Self.lines.filter { !$0.contains("custom") }.joined(separator: "\n") + "\n"
    let knownFormatted = try #require(Self.format(known))
    #expect(DayFileFormatter.isFormatted(knownFormatted))
  }

  @Test func neverCallsAFileFormattedThatFormatWouldChange() throws {
    let base = try #require(Self.format(Self.lines.filter { !$0.contains("custom") }.joined(separator: "\n") + "\n"))
    let text = String(decoding: base, as: UTF8.self)
    let variants = [
      text.replacingOccurrences(of: "\n", with: "\r\n"),
      "\u{FEFF}" + text,
      String(text.dropLast()),
      text + "\n",
      text.replacingOccurrences(of: "\"quantity\":", with: "\"quantity\": "),
      text.replacingOccurrences(of: "\\u00e9", with: "\\u00E9"),
      text.replacingOccurrences(of: "\\b", with: "\\u0008"),
      text.replacingOccurrences(of: "\\/", with: "/").replacingOccurrences(of: "é", with: "\\/"),
      text.split(separator: "\n").reversed().joined(separator: "\n") + "\n",
    ]
    for variant in variants where variant != text {
      let bytes = Array(variant.utf8)
      if DayFileFormatter.isFormatted(bytes) {
        #expect(Self.format(variant) == bytes, "called formatted: \(variant.debugDescription)")
      }
    }
    #expect(!DayFileFormatter.isFormatted(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)))
  }

  @Test func outcomesSayWhatChangesAndWhatIsInvalid() {
    let formatted = Self.format(EntryLine().text + "\n")!
    #expect(DayFileFormatter.outcome(path: "f", bytes: formatted) == .unchanged)
    #expect(DayFileFormatter.outcome(path: "f", bytes: Array((EntryLine().text + "\r\n").utf8)) == .formatted(formatted))
    guard case .invalid(let errors) = DayFileFormatter.outcome(path: "f", bytes: Array("{\"id\":1}\n".utf8)) else {
      Issue.record("an invalid line is not formatted")
      return
    }
    #expect(!errors.isEmpty)
  }
}
