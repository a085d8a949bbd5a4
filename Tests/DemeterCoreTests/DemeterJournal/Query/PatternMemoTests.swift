import Testing

@testable import DemeterCore
@testable import DemeterJournal

/// A scan's memo of pattern answers (`PatternMemo`) answers as the patterns do, whichever pattern
/// asks first and however often a text comes back.
@Suite struct PatternMemoTests {
  static let patterns = ["café", "cafe", "^crème", "brûlée$", "ç.i", "chicken", "[àá]"]
  static let texts = [
    "Café au lait", "cafe\u{301} au lait", "crème brûlée", "Açaí bowl", "chicken", "CRÈME fraîche", "à la carte",
    "jalapeño", "",
  ]

  @Test func answersAsEachPatternDoesForEveryTextAgainAndAgain() throws {
    let patterns = try Self.patterns.map { try FoldedPattern($0) }
    var memo = PatternMemo()
    var random = SplitMix64(seed: 81)
    for _ in 0..<500 {
      let pattern = patterns[Int.random(in: 0..<patterns.count, using: &random)]
      let text = Self.texts[Int.random(in: 0..<Self.texts.count, using: &random)]
      let answer = Array(text.utf8).withUnsafeBufferPointer { memo.matches(pattern, $0) }
      #expect(answer == pattern.matches(text), "\(pattern.source) in \(text)")
    }
  }
}
