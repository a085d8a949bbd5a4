import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `UnicodeWhitespace` against Foundation's `CharacterSet` and `trimmingCharacters(in:)`, the oracle
/// it replaces.
@Suite struct UnicodeWhitespaceTests {
  @Test func setsEqualFoundationsForEveryScalar() {
    var mismatches: [String] = []
    for value in 0...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if UnicodeWhitespace.isSpace(scalar) != CharacterSet.whitespaces.contains(scalar)
        || UnicodeWhitespace.isSpaceOrNewline(scalar) != CharacterSet.whitespacesAndNewlines.contains(scalar)
      {
        mismatches.append(String(value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  @Test(arguments: [
    "", " ", "\t\n", "plain", "  both sides \t", "\u{A0}nbsp\u{3000}", "\r\nlines\n\u{2028}",
    "e\u{301} ", " \u{301}", "a \u{301}", "\u{85}next\u{85}", " \u{200B}zero width\u{200B} ",
    "\u{1680}ogham", "inner  spaces  stay", "🍣 寿司 ", "\u{FEFF}bom",
  ])
  func trimsAsFoundationDoes(text: String) {
    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(text.dropFirst(0).trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
  }
}
