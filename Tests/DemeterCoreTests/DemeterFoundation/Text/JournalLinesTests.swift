import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Line splitting (manual: journal "Files"): BOM, LF/CRLF, blank lines, a final line without newline.
@Suite struct JournalLinesTests {
  /// A line as (number, content, ends with newline).
  struct Split: Equatable, CustomStringConvertible {
    var number: Int
    var content: String
    var newline: Bool
    var description: String { "\(number):\(content.debugDescription):\(newline)" }
  }

  static func split(_ bytes: [UInt8]) -> (lines: [Split], ranges: [Range<Int>], bom: Bool) {
    bytes.withUnsafeBufferPointer { buffer in
      let lines = JournalLines(buffer)
      let all = Array(lines)
      return (
        all.map {
          Split(
            number: $0.number, content: String(decoding: buffer[$0.range], as: UTF8.self),
            newline: $0.endsWithNewline)
        },
        all.map(\.range), lines.hasByteOrderMark
      )
    }
  }

  static func split(_ text: String) -> [Split] { split(Array(text.utf8)).lines }

  @Test func byteOrderMarkIsSkipped() {
    let result = Self.split([0xEF, 0xBB, 0xBF] + Array("{}\n[]\n".utf8))
    #expect(result.bom)
    #expect(
      result.lines == [
        Split(number: 1, content: "{}", newline: true), Split(number: 2, content: "[]", newline: true),
      ])
    #expect(result.ranges == [3..<5, 6..<8])
  }

  @Test func byteOrderMarkOnlyAtTheStart() {
    let result = Self.split(Array("{}\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("x\n".utf8))
    #expect(!result.bom)
    #expect(result.ranges == [0..<2, 3..<7])
  }

  @Test func aFileOfOnlyAByteOrderMarkHasNoLines() {
    let result = Self.split([0xEF, 0xBB, 0xBF])
    #expect(result.bom)
    #expect(result.lines.isEmpty)
  }

  @Test(arguments: [
    ("a\nb\n", ["a", "b"]),
    ("a\r\nb\r\n", ["a", "b"]),
    ("a\r\nb\nc\r\n", ["a", "b", "c"]),
    ("a\r\r\nb\n", ["a\r", "b"]),
    ("a\rb\n", ["a\rb"]),
  ])
  func lineEnds(text: String, contents: [String]) {
    let lines = Self.split(text)
    #expect(lines.map(\.content) == contents)
    #expect(lines.map(\.number) == Array(1...contents.count))
    #expect(lines.allSatisfy { $0.newline })
  }

  @Test func finalLineWithoutNewlineIsRead() {
    #expect(
      Self.split("a\nb") == [
        Split(number: 1, content: "a", newline: true), Split(number: 2, content: "b", newline: false),
      ])
    #expect(
      Self.split("a\r\nb\r") == [
        Split(number: 1, content: "a", newline: true), Split(number: 2, content: "b", newline: false),
      ])
  }

  @Test func emptyFileHasNoLines() {
    #expect(Self.split("").isEmpty)
  }

  @Test func onlyNewlinesGiveEmptyNumberedLines() {
    #expect(
      Self.split("\n\r\n\n") == [
        Split(number: 1, content: "", newline: true), Split(number: 2, content: "", newline: true),
        Split(number: 3, content: "", newline: true),
      ])
  }

  @Test func blankLinesKeepTheirNumbers() {
    let lines = Self.split("\n  \t\n{}\n\r\n[]")
    #expect(lines.map(\.number) == [1, 2, 3, 4, 5])
    #expect(lines.map(\.content) == ["", "  \t", "{}", "", "[]"])
  }

  @Test(arguments: [
    ("", true), (" ", true), ("\t \r", true), (" x ", false), ("\u{0B}", false), ("\u{A0}", false),
  ])
  func blankMeansJSONWhitespaceOnly(text: String, blank: Bool) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(buffer.isBlank(0..<buffer.count) == blank)
    }
  }

  // MARK: - Through the loader

  @Test func columnsCountFromAfterTheByteOrderMark() {
    let line = #"{"a":1,}"#
    let (load, path) = JournalTesting.loadFile(bytes: [0xEF, 0xBB, 0xBF] + Array((line + "\n").utf8))
    #expect(load.diagnostics.map(\.location) == [SourceLocation(path: path, line: 1, column: 7)])
    #expect(load.diagnostics.map(\.message) == ["trailing comma before '}'"])
    #expect(load.diagnostics.first?.excerpt?.text == line)
  }

  @Test func validLineAfterAByteOrderMarkLoads() {
    let (load, _) = JournalTesting.loadFile(
      bytes: [0xEF, 0xBB, 0xBF] + Array((EntryLine().text + "\r\n").utf8))
    #expect(load.diagnostics.isEmpty)
    #expect(load.table.count == 1)
    #expect(load.table.ids[0] == "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11")
  }

  @Test func crlfLinesLoadAndCarriageReturnIsNotPartOfTheLine() {
    let first = EntryLine()
    let second = EntryLine(id: "0b1c2d3e-4f50-4617-8283-949596979899", calories: "105")
    let (load, _) = JournalTesting.loadFile(first.text + "\r\n" + second.text + "\r\n")
    #expect(load.diagnostics.isEmpty)
    #expect(load.table.count == 2)
    #expect(load.table.sourceLine == [1, 2])
    #expect(load.table.amounts(of: .calories) == [182_000_000_000, 105_000_000_000])
  }

  @Test func blankAndWhitespaceLinesAreIgnoredButCounted() {
    let text = "\n   \n\t\r\n" + EntryLine().text + "\n\n" + #"{"id":1,}"# + "\n \n"
    let (load, path) = JournalTesting.loadFile(text, options: JournalLoadOptions(collectWarnings: true))
    #expect(load.table.sourceLine == [4])
    #expect(load.skippedLines == 1)
    #expect(load.diagnostics.map(\.location) == [SourceLocation(path: path, line: 6, column: 8)])
  }

  @Test func finalLineWithoutNewlineIsReadAndWarnedAboutWhenAsked() {
    let line = EntryLine().text
    let quiet = JournalTesting.loadFile("\n" + line)
    #expect(quiet.load.table.count == 1)
    #expect(quiet.load.diagnostics.isEmpty)

    let (load, path) = JournalTesting.loadFile(
      "\n" + line, options: JournalLoadOptions(collectWarnings: true))
    #expect(load.table.count == 1)
    #expect(load.table.sourceLine == [2])
    #expect(load.diagnostics.count == 1)
    let warning = load.diagnostics.first
    #expect(warning?.severity == .warning)
    #expect(warning?.location == SourceLocation(path: path, line: 2, column: line.utf8.count + 1))
    #expect(warning?.message == "last line has no final newline (a crashed writer leaves one); `fmt` adds it")
  }

  @Test func finalBlankLineWithoutNewlineIsNotWarnedAbout() {
    let (load, _) = JournalTesting.loadFile(
      EntryLine().text + "\n   ", options: JournalLoadOptions(collectWarnings: true))
    #expect(load.table.count == 1)
    #expect(load.diagnostics.isEmpty)
  }

  @Test(arguments: ["", "\n", "\n\n\n", "\r\n\r\n", " \n\t\n"])
  func filesWithoutEntriesLoadNothingAndReportNothing(text: String) {
    let (load, _) = JournalTesting.loadFile(text, options: JournalLoadOptions(collectWarnings: true))
    #expect(load.fileCount == 1)
    #expect(load.table.isEmpty)
    #expect(load.diagnostics.isEmpty)
    #expect(load.skippedLines == 0)
  }
}
