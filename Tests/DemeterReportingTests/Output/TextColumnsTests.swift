import Testing

@testable import DemeterReporting

/// `TextColumns`: columns padded to their widest cell, numbers on the right, no trailing spaces.
@Suite struct TextColumnsTests {
  @Test func alignsColumnsAndTrimsTrailingSpaces() {
    let lines = TextColumns.lines(
      [["ID", "KCAL", "NAME"], ["apple", "52", "Apple"], ["kiwi", "61", "Kiwi fruit"]], rightAligned: [1])
    #expect(lines == ["ID     KCAL  NAME", "apple    52  Apple", "kiwi     61  Kiwi fruit"])
  }

  @Test func shortRowsAndEmptyCellsLeaveNoTrailingSpaces() {
    #expect(TextColumns.lines([["name", "source"], ["csv", ""]]) == ["name  source", "csv"])
    #expect(TextColumns.widths([["a", "bbb"], ["cc"]]) == [2, 3])
  }

  @Test func measureCountsTerminalColumns() {
    // A wide character counted as two columns pads its neighbours by one less.
    let wide: (String) -> Int = { $0.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) } }
    #expect(TextColumns.lines([["日本", "x"], ["abc", "y"]], measure: wide) == ["日本  x", "abc   y"])
  }

  @Test func pipeTableKeepsItsPadding() {
    let line = TextColumns.line(
      ["a", "7"], widths: [3, 3], rightAligned: [1], separator: " | ", indent: "| ", trimmed: false)
    #expect(line + " |" == "| a   |   7 |")
  }
}
