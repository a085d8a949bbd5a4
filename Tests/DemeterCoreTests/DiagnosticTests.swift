import Testing

@testable import DemeterCore

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
