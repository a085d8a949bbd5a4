import Testing

@testable import DemeterCore
@testable import DemeterJournal

@Suite struct FoldedPatternTests {
  static func matches(_ pattern: String, _ text: String) throws -> Bool {
    try FoldedPattern(pattern).matches(text)
  }

  @Test func literalsMatchAnywhereFoldingCaseAndNormalisation() throws {
    #expect(try Self.matches("chicken", "Grilled Chicken breast"))
    #expect(try Self.matches("CAFÉ", "cafe\u{301} latte"))
    #expect(try Self.matches("café", "CAFÉ"))
    #expect(try !Self.matches("cafe", "café"))
    #expect(try !Self.matches("rice", "ric"))
  }

  @Test func classesRepeatsGroupsAndAnchors() throws {
    #expect(try Self.matches("^chick", "Chicken"))
    #expect(try !Self.matches("^hick", "Chicken"))
    #expect(try Self.matches("en$", "chicken"))
    #expect(try Self.matches("^(rice|beans)$", "Beans"))
    #expect(try !Self.matches("^(rice|beans)$", "rice and beans"))
    #expect(try Self.matches("[A-C]hicken", "chicken"))
    #expect(try Self.matches("[^a-z ]", "2 eggs"))
    #expect(try !Self.matches("[^a-z ]", "two eggs"))
    #expect(try Self.matches("\\d{2,3} ?g", "150g oats"))
    #expect(try !Self.matches("^\\d{4}$", "150"))
    #expect(try Self.matches("a.c", "abc"))
    #expect(try Self.matches("(?:ab)+c", "xababc"))
    #expect(try Self.matches("x*", ""))
    #expect(try Self.matches("colou?r", "color"))
    #expect(try Self.matches("\\.", "1.5"))
    #expect(try !Self.matches("\\.", "15"))
  }

  /// The byte search of UTF-8 text (ASCII through the program's tables, a plain literal as a
  /// substring) answers as the search of the text's characters, on random patterns and texts.
  @Test func theByteSearchAnswersAsTheCharacterSearch() throws {
    var random = SplitMix64(seed: 61)
    let pieces = [
      "a", "B", "ch", "en", ".", "\\d", "\\w", "\\s", "\\W", "[a-c]", "[^ab]", "[A-Z]", "(a|bc)", "x*", "b+",
      "c?", "{2}", "^", "$", " ", "é", "\\.", "1",
    ]
    let letters = Array("aAbBcChHeEnNx1 2.\t\r\n-_é")
    var checked = 0
    for _ in 0..<3000 {
      let source = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }.joined()
      guard let pattern = try? FoldedPattern(source) else { continue }
      let text = String((0..<Int.random(in: 0...12, using: &random)).map { _ in
        letters[Int.random(in: 0..<letters.count, using: &random)]
      })
      let bytes = Array(text.utf8)
      let byBytes = bytes.withUnsafeBufferPointer { pattern.matches(utf8: $0) }
      #expect(byBytes == pattern.matches(text), "\(source) in \(text.debugDescription)")
      checked += 1
    }
    #expect(checked > 2000)
  }

  @Test func aPathologicalPatternIsSearchedInLinearSteps() throws {
    // `(a+)+$` backtracks exponentially on a's and a b; the automaton does not.
    let text = String(repeating: "a", count: 5000) + "b"
    #expect(try !Self.matches("(a+)+$", text))
    #expect(try !Self.matches("(a|aa)*c", text))
  }

  @Test(arguments: [
    ("(chick", "'(' without ')'", 0), ("chick)", "unmatched ')'", 5), ("*rice", "nothing to repeat", 0),
    ("[a-", "'[' without ']'", 0), ("[z-a]", "runs backwards", 1),
    ("a{2,1}", "repeat count", 1), ("(?=a)", "only '(?:'", 0), ("\\q", "not supported", 0),
    ("a**", "a repeat of a repeat", 2), ("a{1001}", "repeat count", 1),
  ])
  func badPatternsAreLocated(pattern: String, message: String, offset: Int) {
    #expect {
      try FoldedPattern(pattern)
    } throws: { error in
      let error = error as! FoldedPatternError
      return error.message.contains(message) && error.offset == offset
    }
  }

  @Test func aPatternTooLargeOnceWrittenOutIsRefused() {
    #expect(throws: FoldedPatternError.self) { try FoldedPattern("((a{1000}){1000}){1000}") }
  }
}
