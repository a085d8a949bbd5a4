import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `"\(count: n, noun)"`: the count and its noun, plural unless the count is 1.
@Suite struct CountedNounTests {
  @Test(arguments: [
    (0, "file", "0 files"), (1, "file", "1 file"), (2, "file", "2 files"),
    (1, "invalid journal line", "1 invalid journal line"), (12, "day file", "12 day files"),
  ])
  func countAndNoun(count: Int, noun: String, expected: String) {
    #expect("\(count: count, noun)" == expected)
  }

  @Test(arguments: [(0, "0 entries"), (1, "1 entry"), (2, "2 entries")])
  func irregularPlural(count: Int, expected: String) {
    #expect("\(count: count, "entry", plural: "entries")" == expected)
  }
}
