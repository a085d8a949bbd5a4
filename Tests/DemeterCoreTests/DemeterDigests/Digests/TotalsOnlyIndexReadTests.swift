import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A load that keeps only totals reads them from the digest index's head in place
/// (`DigestIndexTotals`) when the index describes the journal's files exactly: it gives what a full
/// read of the index and a load without a cache give, notices a changed, added or removed day file,
/// and ignores a damaged index (which the load then writes again).
@Suite struct TotalsOnlyIndexReadTests {
  static let options = AggregationOptions(
    lowConfidence: FixedDecimal(billionths: 600_000_000), reviewLimit: 3)
  static let rules = DigestRules(options)
  static let cache = JournalCacheMode.journalFolder(toolVersion: "test")
  static let full = JournalLoadOptions(threads: 2, cache: cache)
  static let totalsOnly = JournalLoadOptions(threads: 2, cache: cache, keepsDetail: false)
  static let noCache = JournalLoadOptions(threads: 2, keepsDetail: false)

  /// A random journal in `layout`, with a few lines that are not entries, its files an hour old.
  static func journal(_ layout: JournalDeterminismTests.Layout, seed: UInt64) -> TemporaryJournal {
    var lines = JournalDeterminismTests.randomEntries(count: 300, seed: seed).map(\.text)
    lines.insert("not json", at: lines.count / 3)
    lines.insert("{\"id\":\"x\"}", at: lines.count / 2)
    let journal = JournalDeterminismTests.write(lines, layout: layout, seed: seed + 1)
    CacheKeyTests.age(journal)
    return journal
  }

  static func load(_ journal: TemporaryJournal, _ options: JournalLoadOptions) -> JournalDigests {
    DigestLoader.load(journal: journal.path, options: options, rules: rules)
  }

  static func weeks(_ digests: JournalDigests) throws -> [Period] {
    try #require(digests.span).buckets(.week(.monday))
  }

  /// Expects `digests` to give what a load without a cache gives.
  static func expectSameAsNoCache(
    _ digests: JournalDigests, _ journal: TemporaryJournal,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let reference = load(journal, noCache)
    #expect(digests.days == reference.days, sourceLocation: sourceLocation)
    #expect(digests.diagnostics == reference.diagnostics, sourceLocation: sourceLocation)
    #expect(digests.skippedLines == reference.skippedLines, sourceLocation: sourceLocation)
    #expect(digests.fileDays == reference.fileDays, sourceLocation: sourceLocation)
    let weeks = try weeks(reference)
    #expect(
      digests.summarize(buckets: weeks, options: options, detail: false)
        == reference.summarize(buckets: weeks, options: options, detail: false),
      sourceLocation: sourceLocation)
  }

  @Test(arguments: JournalDeterminismTests.Layout.allCases)
  func aFirstLoadOfTotalsWritesAnIndexOfTotalsThatLoadsOfDetailWriteAgain(
    layout: JournalDeterminismTests.Layout
  ) throws {
    let journal = Self.journal(layout, seed: 31)
    let first = Self.load(journal, Self.totalsOnly)
    #expect(first.keepsOnlyTotals)
    #expect(first.cachedJournal == journal.path)
    try Self.expectSameAsNoCache(first, journal)
    // It wrote an index of totals alone: the next load of totals reads its head, and a load that
    // needs detail ignores it and writes it again in full.
    #expect(DigestCache(journal: journal.path, options: Self.full, rules: Self.rules)?.index == nil)
    try Self.expectSameAsNoCache(Self.load(journal, Self.totalsOnly), journal)
    let next = Self.load(journal, Self.full)
    #expect(DigestCache(journal: journal.path, options: Self.full, rules: Self.rules)?.index != nil)
    #expect(next.details is IndexedDetails)
    #expect(first.withDetail.details is IndexedDetails)
    #expect(first.dayDigests == next.dayDigests)
    #expect(next.dayDigests == DigestLoader.load(journal: journal.path, rules: Self.rules).dayDigests)
  }

  @Test(arguments: JournalDeterminismTests.Layout.allCases)
  func theHeadsTotalsAreThoseOfAFullReadOfTheIndex(layout: JournalDeterminismTests.Layout) throws {
    let journal = Self.journal(layout, seed: 31)
    _ = Self.load(journal, Self.full)
    let whole = Self.load(journal, Self.full)
    #expect(whole.details is IndexedDetails)
    let totals = Self.load(journal, Self.totalsOnly)
    #expect(totals.cachedJournal == journal.path)
    #expect(totals.keepsOnlyTotals)
    #expect(totals.days == whole.days)
    #expect(totals.diagnostics == whole.diagnostics)
    #expect(!totals.diagnostics.isEmpty)
    #expect(totals.skippedLines == whole.skippedLines)
    #expect(totals.fileDays == whole.fileDays)
    let weeks = try Self.weeks(whole)
    #expect(
      totals.summarize(buckets: weeks, options: Self.options, detail: false)
        == whole.summarize(buckets: weeks, options: Self.options, detail: false))
    // Detail asked after all is read through the cache: the same as the full read's.
    #expect(totals.withDetail.details is IndexedDetails)
    #expect(
      totals.summarize(buckets: weeks, options: Self.options)
        == whole.summarize(buckets: weeks, options: Self.options))
    #expect(totals.dayDigests == whole.dayDigests)
    try Self.expectSameAsNoCache(totals, journal)
  }

  @Test func aChangedAddedOrRemovedFileIsNoticed() throws {
    let journal = Self.journal(.randomSplitShuffled, seed: 41)
    _ = Self.load(journal, Self.full)
    let files = DayFileFinder.find(in: journal.path).files
    // Same size, other bytes, a time two hours ago: noticed by the time alone.
    var bytes = try #require(FileManager.default.contents(atPath: files[0].path)).map { $0 }
    let line = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
    bytes.replaceSubrange(0..<line, with: [UInt8](repeating: UInt8(ascii: " "), count: line))
    try Data(bytes).write(to: URL(fileURLWithPath: files[0].path))
    CacheKeyTests.setModified(files[0].path, secondsAgo: 7200)
    try Self.expectSameAsNoCache(Self.load(journal, Self.totalsOnly), journal)
    // Just written (racy), then removed, then added.
    _ = journal.write(String(files[1].path.dropFirst(journal.path.count + 1)), bytes: Array("\n".utf8))
    try Self.expectSameAsNoCache(Self.load(journal, Self.totalsOnly), journal)
    try FileManager.default.removeItem(atPath: files[2].path)
    try Self.expectSameAsNoCache(Self.load(journal, Self.totalsOnly), journal)
    _ = journal.write("added/2026-11-20.jsonl", bytes: Array("not json\n".utf8))
    CacheKeyTests.age(journal)
    try Self.expectSameAsNoCache(Self.load(journal, Self.totalsOnly), journal)
    // Each load brought the index up to date: the next reads its head.
    #expect(Self.load(journal, Self.totalsOnly).cachedJournal != nil)
  }

  @Test func aDamagedHeadIsIgnoredAndWrittenAgain() throws {
    let journal = Self.journal(.filePerEntry, seed: 51)
    _ = Self.load(journal, Self.full)
    let folder = journal.url(".demeter/cache")
    let name = try #require(
      FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix(DigestCache.filePrefix) })
    let path = folder + "/" + name
    var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
    // The head ends just before the 36-byte trailer.
    bytes[bytes.count - 36 - 20] ^= 0x5A
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let damaged = Self.load(journal, Self.totalsOnly)
    try Self.expectSameAsNoCache(damaged, journal)
    #expect(FileManager.default.contents(atPath: path) != Data(bytes))
    #expect(Self.load(journal, Self.totalsOnly).cachedJournal == journal.path)
  }
}
