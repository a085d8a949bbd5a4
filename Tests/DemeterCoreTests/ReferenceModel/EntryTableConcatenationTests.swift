import Testing

@testable import DemeterCore

/// `EntryTable.concatenating` (parallel, one copy) gives the table that appending the parts in
/// turn gives: same columns, codes, dictionaries, ids as written, micronutrients and locations.
@Suite struct EntryTableConcatenationTests {
  @Test(arguments: [1, 2, 5])
  func concatenatingEqualsAppendingInTurn(partCount: Int) {
    let lines = JournalDeterminismTests.randomEntries(count: 240, seed: UInt64(partCount)).map(\.text)
    let parts = (0..<partCount).map { part in
      let slice = Array(lines[(part * lines.count / partCount)..<((part + 1) * lines.count / partCount)])
      return JournalDeterminismTests.write(slice, layout: .randomSplitShuffled, seed: UInt64(part)).load()
        .table
    }
    var appended = EntryTable()
    for part in parts { appended.append(contentsOf: part) }
    let concatenated = EntryTable.concatenating(parts)
    #expect(concatenated.count == 240)
    #expect(!concatenated.micronutrientRow.isEmpty)
    #expect(
      JournalDeterminismTests.TableSnapshot(concatenated) == JournalDeterminismTests.TableSnapshot(appended))
  }

  @Test func concatenatingNothingGivesAnEmptyTable() {
    #expect(EntryTable.concatenating([]).isEmpty)
    #expect(EntryTable.concatenating([EntryTable(), EntryTable()]).isEmpty)
  }
}
