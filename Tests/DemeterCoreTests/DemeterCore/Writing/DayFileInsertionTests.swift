import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `DayFileContents.rewritten`: new entries go where `fmt` would put them, every other byte kept.
@Suite struct DayFileInsertionTests {
  private static func line(_ id: Int, _ time: String) -> EntryLine {
    EntryLine(id: "00000000-0000-4000-8000-\(String(repeating: "0", count: 11))\(id)", timestamp: time)
  }

  private static func entry(_ line: EntryLine) throws -> JournalEntryLine {
    try #require(EntryLineReader.read(line.text, path: "new", lineNumber: 1).line)
  }

  private static func insert(_ text: String, _ additions: [EntryLine]) throws -> String {
    let contents = DayFileContents(path: "2026-11-21.jsonl", bytes: Array(text.utf8))
    return String(decoding: contents.rewritten(inserting: try additions.map(entry)), as: UTF8.self)
  }

  /// The canonical text of `line`.
  private static func canonical(_ line: EntryLine) throws -> String {
    EntryLineEncoder.line(try entry(line).object)
  }

  @Test func anEarlierMealGoesBeforeTheLaterOnesAndTheFileStaysFormatted() throws {
    let breakfast = Self.line(1, "2026-11-21T08:00:00-05:00")
    let dinner = Self.line(3, "2026-11-21T19:00:00-05:00")
    let lunch = Self.line(2, "2026-11-21T12:30:00-05:00")
    let file = try Self.canonical(breakfast) + "\n" + Self.canonical(dinner) + "\n"
    let result = try Self.insert(file, [lunch])
    #expect(result == [breakfast, lunch, dinner].map { try! Self.canonical($0) + "\n" }.joined())
    #expect(DayFileFormatter.quickFormat(Array(result.utf8)) == Array(result.utf8))
  }

  @Test func keepsOtherLinesByteForByte() throws {
    // Not canonical (spaces, key order): only the new line is canonical, the others stay as written.
    let odd =
      "{ \"timestamp\":\"2026-11-21T09:00:00Z\", \"id\":\"00000000-0000-4000-8000-000000000009\","
      + "\"rawDescription\":\"\",\"foodName\":\"tea\",\"quantity\":1,\"unit\":\"cup\",\"calories\":2,"
      + "\"protein\":0,\"carbohydrates\":0,\"fat\":0,\"confidence\":1}"
    let first = try Self.insert(odd + "\r\n", [Self.line(1, "2026-11-21T08:00:00Z")])
    #expect(first == (try Self.canonical(Self.line(1, "2026-11-21T08:00:00Z"))) + "\n" + odd + "\r\n")
    let last = try Self.insert(odd, [Self.line(2, "2026-11-21T10:00:00Z")])
    #expect(last == odd + "\n" + (try Self.canonical(Self.line(2, "2026-11-21T10:00:00Z"))) + "\n")
  }

  @Test func aByteOrderMarkStaysFirstAndAnEmptyFileGetsTheLines() throws {
    let entry = Self.line(1, "2026-11-21T08:00:00Z")
    let later = Self.line(2, "2026-11-21T09:00:00Z")
    let withMark = try Self.insert("\u{FEFF}" + (try Self.canonical(later)) + "\n", [entry])
    #expect(withMark == "\u{FEFF}" + (try Self.canonical(entry)) + "\n" + (try Self.canonical(later)) + "\n")
    #expect(
      try Self.insert("", [later, entry]) == (try Self.canonical(entry)) + "\n" + (try Self.canonical(later))
        + "\n")
  }

  @Test func aChangedTimeMovesTheLineWhereFmtWouldPutIt() throws {
    let a = Self.line(1, "2026-11-21T08:00:00Z")
    let b = Self.line(2, "2026-11-21T09:00:00Z")
    let c = Self.line(3, "2026-11-21T10:00:00Z")
    let file = [a, b, c].map { try! Self.canonical($0) + "\n" }.joined()
    let contents = DayFileContents(path: "2026-11-21.jsonl", bytes: Array(file.utf8))
    let moved = Self.line(1, "2026-11-21T11:00:00Z")
    let result = String(
      decoding: contents.rewritten(replacing: [0: nil], inserting: [try Self.entry(moved)]), as: UTF8.self)
    #expect(result == [b, c, moved].map { try! Self.canonical($0) + "\n" }.joined())
  }
}
