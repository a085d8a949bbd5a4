import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The digest index of split digests (`DigestRules.breakdown`) keeps each day's split in its head
/// (`DigestIndex.splits`), so a load of totals reads a split's rows from the head alone
/// (`DigestIndexTotals`, `JournalDigests.keepsSplit`): written by the first load of totals, kept
/// when the index is updated for a changed journal, and giving the rows of a load without a cache.
@Suite struct SplitIndexTests {
  typealias Read = TotalsOnlyIndexReadTests

  static func options(by dimension: BreakdownDimension?) -> AggregationOptions {
    var options = Read.options
    options.breakdown = dimension
    return options
  }

  static func load(_ journal: TemporaryJournal, _ load: JournalLoadOptions, by dimension: BreakdownDimension?)
    -> JournalDigests
  {
    DigestLoader.load(journal: journal.path, options: load, rules: DigestRules(options(by: dimension)))
  }

  /// The index the cached loads of `journal` wrote under `dimension`'s rules.
  static func index(_ journal: TemporaryJournal, by dimension: BreakdownDimension?) throws -> DigestIndex {
    let rules = DigestRules(options(by: dimension))
    let place = try #require(DigestCache.Place(journal: journal.path, options: Read.totalsOnly, rules: rules))
    return try #require(DigestIndex(path: place.indexPath, fingerprint: place.fingerprint, prefix: place.prefix))
  }

  /// Each week's split rows of `digests`, sorted by value (rows come in the order of the digests'
  /// name codes, which depend on how the names were met).
  static func weeklyRows(_ digests: JournalDigests, by dimension: BreakdownDimension) throws -> [[BreakdownRow]] {
    digests.summarize(buckets: try Read.weeks(digests), options: options(by: dimension), detail: false).buckets.map {
      $0.breakdown.sorted { ($0.value ?? "") < ($1.value ?? "") }
    }
  }

  /// Expects `digests` to give the totals and weekly split rows of a load of `journal` without a
  /// cache, and, unless `updated` (a load that updated the index keeps its detail), to keep only
  /// their totals and split.
  static func expectSplitOfNoCache(
    _ digests: JournalDigests, _ journal: TemporaryJournal, by dimension: BreakdownDimension,
    updated: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let reference = load(journal, JournalLoadOptions(threads: 1), by: dimension)
    #expect(updated || (digests.keepsOnlyTotals && digests.keepsSplit), sourceLocation: sourceLocation)
    #expect(digests.days == reference.days, sourceLocation: sourceLocation)
    #expect(
      try weeklyRows(digests, by: dimension) == weeklyRows(reference, by: dimension), sourceLocation: sourceLocation)
  }

  @Test(arguments: [BreakdownDimension.meal, .food, .tag, .hour])
  func theFirstLoadOfTotalsWritesEachDaysSplitAndTheNextReadsIt(_ dimension: BreakdownDimension) throws {
    let journal = Read.journal(.randomSplitShuffled, seed: 71)
    let first = Self.load(journal, Read.totalsOnly, by: dimension)
    try Self.expectSplitOfNoCache(first, journal, by: dimension)
    let index = try Self.index(journal, by: dimension)
    #expect(index.splits.count == index.days.count)
    #expect(index.splits.allSatisfy { !$0.isEmpty }, "every date with entries has a split")
    UnsearchedLoadTests.ageFolders(journal)
    try Self.expectSplitOfNoCache(Self.load(journal, Read.totalsOnly, by: dimension), journal, by: dimension)
    // Stamped again by that load, the folders let the next skip the search.
    try Self.expectSplitOfNoCache(Self.load(journal, Read.totalsOnly, by: dimension), journal, by: dimension)
  }

  @Test func anIndexUpdatedForAChangedJournalKeepsEachDaysSplit() throws {
    let journal = Read.journal(.randomSplitShuffled, seed: 72)
    _ = Self.load(journal, Read.full, by: .meal)
    let added = JournalDeterminismTests.randomEntries(count: 20, seed: 73).map(\.text)
    journal.write("added/2026-11-20.jsonl", lines: added)
    // Old enough that its size and time prove it unchanged, so the index's head can stand for it.
    CacheKeyTests.age(journal)
    let updated = Self.load(journal, Read.totalsOnly, by: .meal)
    try Self.expectSplitOfNoCache(updated, journal, by: .meal, updated: true)
    try Self.expectSplitOfNoCache(Self.load(journal, Read.totalsOnly, by: .meal), journal, by: .meal)
  }

  @Test func anIndexOfDigestsNotSplitKeepsNoSplit() throws {
    let journal = Read.journal(.oneFile, seed: 74)
    _ = Self.load(journal, Read.full, by: nil)
    #expect(try Self.index(journal, by: nil).splits.isEmpty)
    #expect(!Self.load(journal, Read.totalsOnly, by: nil).keepsSplit)
  }
}
