import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `EntryTable.invariantViolations` (checked by debug builds after every concatenation and filter):
/// the tables the loader, `filter` and `append(contentsOf:)` make have none, and a
/// table whose columns disagree is told which column and row is wrong.
@Suite struct EntryTableInvariantsTests {
  /// A loaded table of random entries, with meals, ingredients and micronutrients.
  static func loaded() -> EntryTable {
    let lines = JournalDeterminismTests.randomEntries(count: 60, seed: 20).map(\.text)
    return JournalDeterminismTests.write(lines, layout: .randomSplitShuffled, seed: 20).load().table
  }

  @Test func loadedFilteredAndAppendedTablesHoldThem() {
    let table = Self.loaded()
    #expect(table.count == 60)
    #expect(!table.micronutrientRow.isEmpty)
    #expect(table.invariantViolations == [])
    #expect(table.filter { $0 % 3 != 0 }.invariantViolations == [])
    var appended = table
    appended.append(contentsOf: table.filter { $0 % 2 == 0 })
    #expect(appended.invariantViolations == [])
    appended.append(contentsOf: table)
    #expect(appended.invariantViolations == [])
    #expect(EntryTable().invariantViolations == [])
  }

  @Test func aColumnOfAnotherLengthIsNamed() {
    var table = Self.loaded()
    table.unitCode.removeLast()
    table.nutrients[1].append(0)
    #expect(
      table.invariantViolations == [
        "nutrients[1] has 61 values for 60 rows", "unitCode has 59 values for 60 rows",
      ])
  }

  @Test func aCodeOutsideItsDictionaryIsNamed() {
    var table = Self.loaded()
    let foods = table.foodNames.count
    table.foodNameCode[2] = Int32(foods)
    table.mealCode[0] = -2
    table.sourceLine[5] = 0
    #expect(
      table.invariantViolations == [
        "foodNameCode[2] is \(foods), outside 0..<\(foods)",
        "mealCode[0] is -2, outside -1..<\(table.meals.count)",
        "sourceLine[5] is 0, outside 1..<\(Int32.max)",
      ])
  }

  @Test func micronutrientsOfNoRowOrOutOfOrderAreNamed() {
    var table = Self.loaded()
    let last = table.micronutrientRow.count - 1
    table.micronutrientRow[last] = 60
    table.micronutrientAmount.removeLast()
    #expect(
      table.invariantViolations == [
        "the micronutrient columns have \(last + 1) rows, \(last + 1) names and \(last) amounts",
        "micronutrientRow[\(last)] is 60, outside 0..<60",
      ])
    table = Self.loaded()
    table.micronutrientRow.swapAt(0, last)
    #expect(table.invariantViolations.contains { $0.hasPrefix("micronutrientRow[1] is ") })
  }
}
