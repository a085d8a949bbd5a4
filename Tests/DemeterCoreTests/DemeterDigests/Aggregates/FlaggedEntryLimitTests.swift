import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The first `limit` flagged entries, kept `limit` at a time, are what a stable sort's prefix gives.
@Suite struct FlaggedEntryLimitTests {
  @Test(arguments: [1, 2, 7, 50, 400])
  func keepingTheFirstEqualsSortingThenCutting(limit: Int) {
    let lines = JournalDeterminismTests.randomEntries(count: 300, seed: 17).map(\.text)
    let table = JournalDeterminismTests.write(lines, layout: .oneFile, seed: 0).load().table
    var random = SplitMix64(seed: UInt64(limit))
    // Every row, some twice with other reasons (equal in list order: the stable order must hold),
    // in a shuffled order.
    var candidates: [FlaggedEntry.Candidate] = []
    for row in 0..<table.count {
      candidates.append(FlaggedEntry.Candidate(row: Int32(row), reasons: .lowConfidence))
      if random.next() % 3 == 0 {
        candidates.append(FlaggedEntry.Candidate(row: Int32(row), reasons: .energyInconsistent))
      }
    }
    candidates.shuffle(using: &random)
    let expected = Array(FlaggedEntry.sortedList(candidates, limit: 0, table: table).prefix(limit))
    let kept = FlaggedEntry.sortedList(candidates, limit: limit, table: table)
    #expect(kept == expected)
    #expect(kept.count == min(limit, candidates.count))
  }
}
