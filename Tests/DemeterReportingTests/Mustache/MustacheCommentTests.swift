import Testing

@testable import DemeterReporting

/// The comments module of the Mustache specification.
@Suite struct MustacheCommentTests {
  static let cases: [MustacheSpecCase] = [
    .init("Inline", "12345{{! Comment Block! }}67890", "1234567890"),
    .init("Multiline", "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n", "1234567890\n"),
    .init("Standalone", "Begin.\n{{! Comment Block! }}\nEnd.\n", "Begin.\nEnd.\n"),
    .init("Indented Standalone", "Begin.\n  {{! Indented Comment Block! }}\nEnd.\n", "Begin.\nEnd.\n"),
    .init("Standalone Line Endings", "|\r\n{{! Standalone Comment }}\r\n|", "|\r\n|"),
    .init("Standalone Without Previous Line", "  {{! I'm Still Standalone }}\n!", "!"),
    .init("Standalone Without Newline", "!\n  {{! I'm Still Standalone }}", "!\n"),
    .init("Multiline Standalone", "Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n", "Begin.\nEnd.\n"),
    .init(
      "Indented Multiline Standalone", "Begin.\n  {{!\n    Something's going on here...\n  }}\nEnd.\n",
      "Begin.\nEnd.\n"),
    .init("Indented Inline", "  12 {{! 34 }}\n", "  12 \n"),
    .init("Surrounding Whitespace", "12345 {{! Comment Block! }} 67890", "12345  67890"),
    .init(
      "Variable Name Collision", "comments never show: >{{! comment }}<",
      ["! comment": 1, "! comment ": 2, "!comment": 3, "comment": 4], "comments never show: ><"),
    .init("Comment containing an opening delimiter", "a{{! {{#x }}b", "ab"),
    .init("Comment ends at the first closing delimiter", "a{{! x }} y }}b", "a y }}b"),
  ]

  @Test(arguments: cases)
  func commentsRenderAsTheSpecificationSays(_ testCase: MustacheSpecCase) throws {
    #expect(try testCase.render() == testCase.expected)
  }
}
