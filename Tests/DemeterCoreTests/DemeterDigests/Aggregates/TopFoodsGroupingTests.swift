import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Top foods group the spellings people read as one food: letter case and Unicode normalisation
/// folded, shown under the most common spelling, whatever the order of the spellings (issue 15).
@Suite struct TopFoodsGroupingTests {
  static func food(_ name: String, _ entries: Int, _ calories: Int128) -> FoodTotal {
    FoodTotal(name: name, entries: entries, calories: FixedSum(billionths: calories * 1_000_000_000))
  }

  @Test func caseAndNormalisationFoldUnderTheMostCommonSpelling() {
    let nfc = "caf\u{E9} au lait"
    let nfd = "cafe\u{301} au lait"
    #expect(Array(nfc.utf8) != Array(nfd.utf8))
    let spellings = [
      Self.food("Fettuccine alfredo", 1, 700), Self.food("fettuccine alfredo", 2, 1400),
      Self.food(nfc, 1, 120), Self.food(nfd, 2, 110), Self.food("Caf\u{C9} au lait", 1, 100),
      Self.food("apple", 1, 95),
    ]
    let grouped = TopFoods.grouped(spellings).sorted { ExactArithmetic.precedes($0.name, $1.name) }
    #expect(grouped.map(\.name) == ["apple", nfd, "fettuccine alfredo"])
    #expect(grouped.map(\.entries) == [1, 4, 3])
    #expect(grouped.map(\.calories) == [95, 330, 2100].map { FixedSum(billionths: $0 * 1_000_000_000) })
    let top = TopFoods(ranking: spellings, limit: 10)
    #expect(top.distinctFoods == 3)
    #expect(top.byCalories.first?.name == "fettuccine alfredo")
  }

  @Test func theOrderOfTheSpellingsDoesNotMatter() {
    let spellings = [
      Self.food("Oat Milk", 2, 240), Self.food("oat milk", 2, 250), Self.food("OAT MILK", 1, 120),
      Self.food("rice", 3, 600),
    ]
    let expected = TopFoods(ranking: spellings, limit: 0)
    #expect(expected.byCount.map(\.entries) == [5, 3])
    // Equal counts (2 and 2): the first spelling in code point order, "Oat Milk" (O < o).
    #expect(expected.byCount.first?.name == "Oat Milk")
    for rotation in 1..<spellings.count {
      let rotated = Array(spellings[rotation...] + spellings[..<rotation])
      #expect(TopFoods(ranking: rotated, limit: 0) == expected)
      #expect(TopFoods(ranking: rotated.reversed(), limit: 0) == expected)
    }
  }
}
