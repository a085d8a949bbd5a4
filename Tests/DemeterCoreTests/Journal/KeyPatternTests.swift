import Testing

@testable import DemeterCore

/// Each key's in-place check finds exactly its own key, closing quote and colon.
@Suite struct KeyPatternTests {
  static func matches(_ pattern: KeyPattern, _ text: String) -> Bool {
    let bytes = Array(text.utf8) + Array(repeating: UInt8(ascii: " "), count: KeyPattern.longestReach)
    return bytes.withUnsafeBytes { pattern.matches($0.baseAddress!, at: 0) }
  }

  @Test func eachPatternMatchesOnlyItsKey() {
    for (ordinal, pattern) in KeyPattern.all.enumerated() {
      #expect(pattern.field == EntryField.allCases[ordinal])
      #expect(pattern.length == pattern.field.rawValue.utf8.count + 2)
      for field in EntryField.allCases {
        #expect(Self.matches(pattern, "\(field.rawValue)\":1") == (field == pattern.field))
      }
      let key = pattern.field.rawValue
      #expect(!Self.matches(pattern, "\(key)s\":1"))
      #expect(!Self.matches(pattern, "\(key.dropLast())\":1"))
      #expect(!Self.matches(pattern, "\(key.uppercased())\":1"))
      #expect(!Self.matches(pattern, "\(key)\" :1"))
      #expect(!Self.matches(pattern, "\(key)\",1"))
    }
  }
}
