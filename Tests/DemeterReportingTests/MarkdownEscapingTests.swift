import Testing

@testable import MarkdownReport

/// `MarkdownEscaping.escape` (manual: output): journal strings as literal Markdown.
@Suite struct MarkdownEscapingTests {
  @Test(arguments: [
    ("a|b", "a\\|b"),
    ("|", "\\|"),
    ("*bold*", "\\*bold\\*"),
    ("_it_", "\\_it\\_"),
    ("`code`", "\\`code\\`"),
    ("<script>alert(1)</script>", "\\<script\\>alert(1)\\</script\\>"),
    ("[link](http://x)", "\\[link\\](http://x)"),
    ("# not a heading", "\\# not a heading"),
    ("~~struck~~", "\\~\\~struck\\~\\~"),
    ("![img](x)", "\\!\\[img\\](x)"),
    ("a & b", "a \\& b"),
    ("back\\slash", "back\\\\slash"),
    ("- item", "\\- item"),
    ("+ item", "\\+ item"),
    ("= underline", "\\= underline"),
    ("1. item", "1\\. item"),
    ("12) item", "12\\) item"),
    ("3.", "3\\."),
    ("-", "\\-"),
    ("---", "\\---"),
    ("-x", "\\-x"),
  ])
  func markupIsEscaped(input: String, expected: String) {
    #expect(MarkdownEscaping.escape(input) == expected)
  }

  @Test(arguments: [
    "12.5", "2026-11-21", "2026-W47", "0.71", "-3", "-277.25", "+5", "plain food name", "", "café au lait",
    "味噌汁", "a-b", "1.5 cups",
    "week of 2026-11-15",
  ])
  func ordinaryTextIsUnchanged(input: String) {
    #expect(MarkdownEscaping.escape(input) == input)
  }

  @Test(arguments: [
    ("first\nsecond", "first second"),
    ("first\r\nsecond", "first second"),
    ("first\rsecond", "first second"),
    ("trailing\n", "trailing "),
    ("a|b\nc", "a\\|b c"),
  ])
  func lineBreaksBecomeSpaces(input: String, expected: String) {
    #expect(MarkdownEscaping.escape(input) == expected)
  }

  @Test func controlCharactersAreMadeVisible() {
    // The visible escape's backslash is itself escaped, so Markdown shows `\u{1b}`.
    #expect(MarkdownEscaping.escape("\u{1B}[31m") == "\\\\u{1b}\\[31m")
    #expect(MarkdownEscaping.escape("a\u{0}b") == "a\\\\u{0}b")
    #expect(MarkdownEscaping.escape("\u{202E}evil") == "\\\\u{202e}evil")
    #expect(MarkdownEscaping.escape("tab\there") == "tab here")
  }

  @Test func escapedTextHasNoUnescapedPipe() {
    let text = MarkdownEscaping.escape("a \\| b || c\\")
    var backslashes = 0
    for character in text {
      if character == "|" { #expect(backslashes % 2 == 1) }
      backslashes = character == "\\" ? backslashes + 1 : 0
    }
  }
}
