import Foundation
import Synchronization
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A load of totals whose index's folder stamps still hold (`FolderStamp`) takes the day files from
/// the index without searching the journal (`DigestIndexTotals.init(path:fingerprint:prefix:)`):
/// the files are those a search finds, the digests those of a load without a cache, and any change
/// to a folder's names, to a file, or a folder changed too recently to tell, sends it back to the
/// search.
@Suite struct UnsearchedLoadTests {
  typealias Read = TotalsOnlyIndexReadTests

  /// A journal in `layout` whose files and folders are an hour old, and its index written: first
  /// with the stamps of folders just made (the cache's among them), then stamped again.
  static func journal(_ layout: JournalDeterminismTests.Layout, seed: UInt64) -> TemporaryJournal {
    let journal = Read.journal(layout, seed: seed)
    _ = Read.load(journal, Read.full)
    ageFolders(journal)
    _ = Read.load(journal, Read.totalsOnly)
    return journal
  }

  /// Makes every folder the search sees look an hour old (a second more each call, so an aged
  /// folder never gets back a time it had).
  static func ageFolders(_ journal: TemporaryJournal) {
    agedSeconds.withLock { $0 += 1 }
    let seconds = agedSeconds.withLock { $0 }
    for folder in DayFileFinder.find(in: journal.path).folders {
      CacheKeyTests.setModified(
        folder.relativePath.isEmpty ? journal.path : journal.url(folder.relativePath), secondsAgo: seconds)
    }
  }

  private static let agedSeconds = Mutex<Int64>(3600)

  /// The totals read without a search, if the index allows it.
  static func unsearched(_ journal: TemporaryJournal) throws -> DigestIndexTotals? {
    let place = try #require(DigestCache.Place(journal: journal.path, options: Read.totalsOnly, rules: Read.rules))
    return DigestIndexTotals(
      path: place.indexPath, fingerprint: place.fingerprint, prefix: place.prefix, split: false)
  }

  @Test(arguments: JournalDeterminismTests.Layout.allCases)
  func unchangedFoldersGiveTheFilesASearchFinds(layout: JournalDeterminismTests.Layout) throws {
    let journal = Self.journal(layout, seed: 61)
    let totals = try #require(try Self.unsearched(journal))
    let found = DayFileFinder.find(in: journal.path)
    guard case .indexed = totals.files else {
      Issue.record("an unsearched load keeps its files as the index names them")
      return
    }
    #expect(totals.files.files == found.files)
    #expect(totals.files.files.map(\.status) == found.files.map(\.status))
    #expect(!found.folders.isEmpty)
    let load = Read.load(journal, Read.totalsOnly)
    #expect(load.files == found.files)
    try Read.expectSameAsNoCache(load, journal)
  }

  @Test func aChangedFolderOrFileGoesBackToTheSearch() throws {
    let journal = Self.journal(.randomSplitShuffled, seed: 71)
    let files = DayFileFinder.find(in: journal.path).files
    func expectSearchedAgain(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
      #expect(try Self.unsearched(journal) == nil, sourceLocation: sourceLocation)
      try Read.expectSameAsNoCache(Read.load(journal, Read.totalsOnly), journal, sourceLocation: sourceLocation)
      // That load wrote the index again: with its folders aged, the next one needs no search.
      Self.ageFolders(journal)
      _ = Read.load(journal, Read.totalsOnly)
      #expect(try Self.unsearched(journal) != nil, sourceLocation: sourceLocation)
    }
    // A day file added (its folder aged again: its time changed all the same).
    _ = journal.write("added/2026-11-21.jsonl", bytes: Array("not json\n".utf8))
    CacheKeyTests.age(journal)
    Self.ageFolders(journal)
    try expectSearchedAgain()
    // One removed, one renamed.
    try FileManager.default.removeItem(atPath: files[0].path)
    Self.ageFolders(journal)
    try expectSearchedAgain()
    try FileManager.default.moveItem(atPath: files[1].path, toPath: files[1].path + ".old")
    Self.ageFolders(journal)
    try expectSearchedAgain()
    // A file changed in place: its folder keeps its time, the file's own time tells.
    let bytes = try #require(FileManager.default.contents(atPath: files[2].path))
    try (bytes + Data("not json\n".utf8)).write(to: URL(fileURLWithPath: files[2].path))
    CacheKeyTests.setModified(files[2].path, secondsAgo: 600)
    try expectSearchedAgain()
    // A folder changed just now: its time proves nothing.
    _ = journal.write("added/notes.txt", bytes: Array("a note\n".utf8))
    #expect(try Self.unsearched(journal) == nil)
    try Read.expectSameAsNoCache(Read.load(journal, Read.totalsOnly), journal)
  }

  @Test func aSearchThatMetAProblemLeavesNoStamps() {
    let journal = TemporaryJournal()
    _ = journal.write("2026-11-20.jsonl", bytes: Array("not json\n".utf8))
    #expect(DayFileFinder.find(in: journal.path).folders.map(\.relativePath) == [""])
    _ = journal.write("2026-11-21.jsonl/2026-11-22.jsonl", bytes: Array("not json\n".utf8))
    let found = DayFileFinder.find(in: journal.path)
    #expect(!found.problems.isEmpty)
    #expect(found.folders.isEmpty)
  }
}
