import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct DiagnosticTests {
  @Test func headlineIsCompilerStyle() {
    let diagnostic = Diagnostic(
      .warning, SourceLocation(path: "j/2026-11-21.jsonl", line: 4, column: 37), "message")
    #expect(diagnostic.rendered == "j/2026-11-21.jsonl:4:37: warning: message")
  }

  @Test func longLinesAreShownAsAWindowWithTheCaretOnTheSpot() {
    let line = String(repeating: "a", count: 5000) + "X" + String(repeating: "b", count: 5000)
    let diagnostic = Diagnostic(
      .error, SourceLocation(path: "f", line: 1, column: 5001), "here", lineText: line)
    let lines = diagnostic.rendered.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    let shown = Array(lines[1])
    #expect(shown.first == "…" && shown.last == "…")
    #expect(shown.count <= LineExcerpt.maximumBytes + 2)
    let caret = lines[2].count - 1
    #expect(lines[2].last == "^")
    #expect(shown[caret] == "X")
  }

  @Test func controlCharactersAndBidiMarksAreMadeVisible() {
    let line = "{\"a\":\"\u{1B}[31mred\u{202E}\"}"
    let diagnostic = Diagnostic(.error, SourceLocation(path: "f", line: 1, column: 7), "m", lineText: line)
    let shown = diagnostic.rendered.split(separator: "\n")[1]
    #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    #expect(shown.contains("\\u{1b}"))
  }
}

/// Journal- and environment-derived strings in messages (issue 13 §3).
@Suite struct TerminalEscapingTests {
  @Test(arguments: [
    ("plain text", "plain text"),
    ("caf\u{e9} \u{1F355}", "caf\u{e9} \u{1F355}"),
    ("a\u{1b}[31mb", "a\\u{1b}[31mb"),
    ("line\nFAKE", "line\\u{a}FAKE"),
    ("cr\rtab\t", "cr\\u{d}tab\\u{9}"),
    ("c1\u{9b}del\u{7f}", "c1\\u{9b}del\\u{7f}"),
    ("\u{202e}rtl\u{2066}\u{200f}\u{61c}", "\\u{202e}rtl\\u{2066}\\u{200f}\\u{61c}"),
    ("ls\u{2028}ps\u{2029}", "ls\\u{2028}ps\\u{2029}"),
  ])
  func escapedShowsEveryControlAsAnEscape(input: String, expected: String) {
    #expect(TerminalSafeText.escaped(input) == expected)
    #expect(TerminalSafeText.isPlain(input) == (input == expected))
  }

  /// The line shown under a message also escapes U+2028 and U+2029 (tabs stay spaces there).
  /// A printable ASCII line is kept as it is and its caret lands like any other's (a byte a column).
  @Test func printableASCIILinesPassThroughWithTheCaretOnTheByte() {
    let plain = TerminalSafeText.sanitize("{\"a\":1}")
    #expect(plain.text == "{\"a\":1}")
    #expect(plain.caretPadding(beforeByteColumn: 6) == "     ")
    #expect(plain.caretPadding(beforeByteColumn: 99) == String(repeating: " ", count: 7))
    #expect(plain.caretPadding(beforeByteColumn: 0) == "")
    #expect(TerminalSafeText.sanitize("é\u{1b}x").caretPadding(beforeByteColumn: 4) == String(repeating: " ", count: 7))
  }

  @Test func escapedLinesKeepLineBreaksAndEscapeTheRest() {
    #expect(TerminalSafeText.escapedLines("a: b\n{\"x\"}\n ^") == "a: b\n{\"x\"}\n ^")
    #expect(TerminalSafeText.escapedLines("a\u{1b}[31m\nb\tc\n") == "a\\u{1b}[31m\nb\\u{9}c\n")
  }

  @Test func sanitizedLineEscapesSeparators() {
    #expect(TerminalSafeText.sanitize("a\u{2028}b\tc").text == "a\\u{2028}b c")
  }

  @Test func headlineEscapesPathAndMessage() {
    let diagnostic = Diagnostic(
      .warning, SourceLocation(path: "j/\u{1b}[2J\nFAKE/2026-11-21.jsonl", line: 1, column: 2),
      "unknown meal \"\u{202e}x\u{2028}\"")
    #expect(
      diagnostic.headline
        == "j/\\u{1b}[2J\\u{a}FAKE/2026-11-21.jsonl:1:2: warning: unknown meal \"\\u{202e}x\\u{2028}\"")
  }

  @Test func quotedPathsAreEscaped() {
    #expect(AtomicFileWriter.quoted("a\u{202e}\nb") == "'a\\u{202e}\\u{a}b'")
  }
}
