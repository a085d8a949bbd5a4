import Testing

@testable import DemeterCore

/// The string-free duplicate-id search agrees with the plain dictionary of lowercased strings.
@Suite struct DuplicateIDsTests {
  static func arena(_ ids: [String]) -> StringArena {
    var arena = StringArena()
    for id in ids { arena.append(id) }
    return arena
  }

  static func expectAgreement(_ ids: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let arena = Self.arena(ids)
    let fast = DuplicateIDs.find(arena)
    let plain = DuplicateIDs.plain(arena)
    #expect(fast.map(\.row) == plain.map(\.row), sourceLocation: sourceLocation)
    #expect(fast.map(\.first) == plain.map(\.first), sourceLocation: sourceLocation)
  }

  /// Random UUID-like ids drawn from a pool (so some repeat), a fifth of them in capitals, over sizes
  /// that use one partition and many.
  @Test(arguments: [0, 1, 2, 3, 50, 3000, 40_000])
  func agreesWithThePlainSearch(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    let pool = (0..<max(1, count * 3 / 4)).map { _ in
      let hex = String(random.next(), radix: 16) + String(random.next(), radix: 16)
      return String(hex.prefix(8)) + "-" + String(hex.dropFirst(8).prefix(4)) + "-4abc-8def-"
        + String(hex.suffix(12))
    }
    let ids = (0..<count).map { _ in
      let id = pool[random.below(pool.count)]
      return random.below(5) == 0 ? id.uppercased() : id
    }
    Self.expectAgreement(ids)
    if count >= 3 {
      #expect(!DuplicateIDs.find(Self.arena(ids)).isEmpty)
    }
  }

  @Test func caseAndLengthMatter() {
    Self.expectAgreement(["ab", "AB", "aB", "abc", "ab ", "", "", "[", "{", "@", "`"])
    #expect(DuplicateIDs.find(Self.arena(["ab", "AB", "ab", "x"])).map(\.row) == [1, 2])
    #expect(DuplicateIDs.find(Self.arena(["ab", "AB", "ab", "x"])).map(\.first) == [0, 0])
    // `[` and `{` differ by the case bit but are not letters.
    #expect(DuplicateIDs.find(Self.arena(["[", "{", "@", "`"])).isEmpty)
  }

  /// Ids that are not ASCII (never from the parser) are compared as strings.
  @Test func nonASCIIIdsFallBackToStrings() {
    Self.expectAgreement(["É", "é", "e\u{301}", "\u{212A}", "k", "K", "ß", "SS"])
  }
}
