import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The duplicate-id search over 128-bit ids agrees with a plain dictionary of lowercased texts.
@Suite struct DuplicateIDFinderTests {
  static func plain(_ ids: [String]) -> [(row: Int, first: Int)] {
    var first: [String: Int] = [:]
    var found: [(row: Int, first: Int)] = []
    for (row, id) in ids.enumerated() {
      if let earlier = first[id.lowercased()] {
        found.append((row, earlier))
      } else {
        first[id.lowercased()] = row
      }
    }
    return found
  }

  static func column(_ ids: [String]) -> EntryIDColumn {
    var column = EntryIDColumn()
    for id in ids { column.append(id) }
    return column
  }

  /// Random ids drawn from a pool (so some repeat), a fifth of them in capitals, some differing only
  /// in their last digit, over sizes that fill the table once and many times.
  @Test(arguments: [0, 1, 2, 3, 50, 3000, 40_000])
  func agreesWithThePlainSearch(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    func hex(_ value: UInt64, _ digits: Int) -> String {
      let text = String(value, radix: 16)
      return String((String(repeating: "0", count: 16) + text).suffix(digits))
    }
    let pool = (0..<max(1, count * 3 / 4)).map { index in
      index % 7 == 0
        ? "00000000-0000-4000-8000-" + hex(UInt64(index), 12)
        : hex(random.next(), 8) + "-" + hex(random.next(), 4) + "-4abc-8def-" + hex(random.next(), 12)
    }
    let ids = (0..<count).map { _ in
      let id = pool[Int(random.next() % UInt64(pool.count))]
      return random.next() % 5 == 0 ? id.uppercased() : id
    }
    let found = DuplicateIDFinder.duplicates(in: Self.column(ids))
    let expected = Self.plain(ids)
    #expect(found.map(\.row) == expected.map(\.row))
    #expect(found.map(\.first) == expected.map(\.first))
    if count >= 50 { #expect(!found.isEmpty) }
  }

  @Test func letterCaseDoesNotMatter() {
    let ids = [
      "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", "6F0C9A52-3C1E-4A57-9A52-0D7F1D0E7B11",
      "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b12", "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11",
    ]
    let found = DuplicateIDFinder.duplicates(in: Self.column(ids))
    #expect(found.map(\.row) == [1, 3])
    #expect(found.map(\.first) == [0, 0])
  }
}
