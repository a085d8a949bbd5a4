import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `DayFileFormatter` (`fmt`): canonical, sorted, idempotent, unknown keys kept (manual: writing).
@Suite struct WritingFormatterTests {
  private func format(_ bytes: [UInt8]) -> [UInt8]? {
    DayFileFormatter.format(DayFileContents(path: "2026-11-21.jsonl", bytes: bytes))
  }

  @Test func sortsByTimestampThenIDAndNormalisesLineEnds() throws {
    let late = EntryLine(id: "00000000-0000-4000-8000-000000000003", timestamp: "2026-11-21T20:00:00-05:00")
    let early = EntryLine(id: "00000000-0000-4000-8000-000000000002", timestamp: "2026-11-21T08:00:00-05:00")
      .setting("unknownKey", "\"kept\"")
    let sameTimeLowerID = EntryLine(
      id: "00000000-0000-4000-8000-000000000001", timestamp: "2026-11-21T14:00:00+01:00")
    let input = "\u{FEFF}" + late.text + "\r\n\r\n  \n" + early.text + "\n" + sameTimeLowerID.text
    let formatted = try #require(format(Array(input.utf8)))
    let lines = String(decoding: formatted, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4 && lines[3] == "")
    #expect(lines[0].contains("000000000001") && lines[1].contains("000000000002"))
    #expect(lines[2].contains("000000000003"))
    #expect(lines[1].hasSuffix(#","unknownKey":"kept"}"#))
    #expect(!formatted.contains(UInt8(ascii: "\r")))
    #expect(format(formatted) == formatted)
  }

  @Test func isIdempotentOnReorderedKeys() throws {
    let line = EntryLine().setting("x", "1.50").setting("meal", "\"dinner\"")
    let reversed =
      "{" + line.members.reversed().map { "\"\($0.key)\":\($0.json)" }.joined(separator: ",") + "}"
    let once = try #require(format(Array((reversed + "\n").utf8)))
    #expect(once != Array((reversed + "\n").utf8))
    #expect(format(once) == once)
    #expect(String(decoding: once, as: UTF8.self).hasSuffix(#""meal":"dinner","x":1.50}"# + "\n"))
  }

  @Test func refusesAFileWithAnInvalidLine() {
    let bytes = Array((EntryLine().text + "\n{\"id\":1}\n").utf8)
    #expect(format(bytes) == nil)
    #expect(format([]) == [])
  }
}
