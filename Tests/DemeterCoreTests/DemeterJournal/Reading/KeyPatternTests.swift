import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Each member pattern finds exactly its own member start (`,"key":`, `"id":`), and from the key
/// on exactly its own key, closing quote and colon.
@Suite struct KeyPatternTests {
  /// Whether `pattern` matches `text` put after two bytes (which the key check loads but ignores).
  static func matches(_ pattern: KeyPattern, _ text: String, keyOnly: Bool = false) -> Bool {
    let padding = Array(repeating: UInt8(ascii: " "), count: KeyPattern.longestReach)
    let bytes = Array("{[".utf8) + Array(text.utf8) + padding
    return bytes.withUnsafeBytes { raw in
      keyOnly ? pattern.matchesKey(raw.baseAddress!, at: 2) : pattern.matches(raw.baseAddress!, at: 2)
    }
  }

  @Test func eachPatternMatchesOnlyItsMember() {
    for (ordinal, pattern) in KeyPattern.all.enumerated() {
      #expect(pattern.field == EntryField.allCases[ordinal])
      let opening = pattern.field == .id ? "\"" : ",\""
      #expect(pattern.keyOffset == opening.utf8.count)
      #expect(pattern.length == opening.utf8.count + pattern.field.rawValue.utf8.count + 2)
      for field in EntryField.allCases {
        #expect(Self.matches(pattern, "\(opening)\(field.rawValue)\":1") == (field == pattern.field))
        #expect(Self.matches(pattern, "\(field.rawValue)\":1", keyOnly: true) == (field == pattern.field))
      }
      let key = pattern.field.rawValue
      for text in [
        "\(key)s\":1", "\(key.dropLast())\":1", "\(key.uppercased())\":1", "\(key)\" :1", "\(key)\",1",
      ] {
        #expect(!Self.matches(pattern, opening + text))
        #expect(!Self.matches(pattern, text, keyOnly: true))
      }
      #expect(!Self.matches(pattern, " \"\(key)\":1"))
      #expect(!Self.matches(pattern, "\(opening) \(key)\":1"))
    }
  }
}
