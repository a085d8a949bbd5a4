import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The fast scanner finds each line's end itself (the `\n` after its object and any whitespace):
/// it must end a line exactly where the line splitter would, never read on into the next line,
/// and hand the strict path every line that is not one whole object.
@Suite struct ScannerLineEndTests {
  /// The end the scanner gives for the line at `lineStart` of `text`, nil when it declines it.
  static func scannedEnd(_ text: String, lineStart: Int = 0) -> Int? {
    var parse = DayFileParse()
    parse.beginFile("x.jsonl", byteCount: text.utf8.count)
    var scanner = EntryLineScanner()
    let end = Array(text.utf8).withUnsafeBufferPointer {
      scanner.scan(
        $0, lineStart: lineStart, lineNumber: 1, limits: .default, timeZone: .asWritten, into: &parse)
    }
    #expect(parse.rowOffsets == (end == nil ? [] : [lineStart]))
    return end
  }

  static let line = EntryLine().text

  @Test(arguments: ["\n", " \n", "\r\n", " \t\r \n"])
  func aLineEndsAtItsLineFeed(ending: String) {
    let text = Self.line + ending + Self.line + "\n"
    #expect(Self.scannedEnd(text) == Self.line.utf8.count + ending.utf8.count - 1)
    // The next line, read from its start.
    let next = Self.line.utf8.count + ending.utf8.count
    #expect(Self.scannedEnd(text, lineStart: next) == text.utf8.count - 1)
  }

  @Test(arguments: ["", "\r", " \t", " \r"])
  func theLastLineEndsAtTheFileEnd(ending: String) {
    let text = Self.line + ending
    #expect(Self.scannedEnd(text) == text.utf8.count)
  }

  @Test(arguments: [" x\n", "}\n", ",\n", "\u{0B}\n", "\u{0C}\n", "\0\n", "{}\n"])
  func somethingAfterTheObjectIsDeclined(ending: String) {
    #expect(Self.scannedEnd(Self.line + ending + Self.line + "\n") == nil)
  }

  @Test func aLineOfWhitespaceOrNothingIsDeclined() {
    #expect(Self.scannedEnd("\n" + Self.line) == nil)
    #expect(Self.scannedEnd(" \t\r\n" + Self.line) == nil)
    #expect(Self.scannedEnd("") == nil)
    #expect(Self.scannedEnd(Self.line, lineStart: Self.line.utf8.count) == nil)
  }

  /// A valid line broken in two at every offset (by `\n`, `\r\n` or whitespace and `\n`), each
  /// followed by a whole line: whatever the strict path makes of the pieces, the fast path makes
  /// the same, and the whole lines after them are read.
  @Test(arguments: ["\n", "\r\n", " \n"])
  func linesBrokenAtEveryOffsetLoadTheSameBothWays(lineEnd: String) {
    let entry = EntryLine().setting("fiber", "1.5").setting("meal", "\"lunch\"")
      .setting("micronutrients", "{\"iron_mg\":1.25}").setting("tags", "[\"a\",\"b\"]")
    let bytes = Array(entry.text.utf8)
    var file: [UInt8] = []
    for offset in 1..<bytes.count {
      let whole = EntryLine(id: "6f0c9a52-3c1e-4a57-9a52-\(String(100_000_000_000 + offset))").text
      file += bytes[..<offset] + Array(lineEnd.utf8) + bytes[offset...] + Array(("\n" + whole + "\n").utf8)
    }
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", bytes: file)
    let load = EntryLineScannerTests.expectSameBothWays(journal.path)
    #expect(load.table.count == bytes.count - 1)
    #expect(load.errorCount > 0)
  }
}
