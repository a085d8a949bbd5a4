import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `--journals` tells a journal from another folder without listing it when the journal's digest
/// index still shows day files (`CohortFolders.indexShowsDayFiles`), and otherwise by listing: the
/// journals found are the same either way, and an index whose folders changed proves nothing.
@Suite struct CohortFoldersIndexTests {
  typealias Read = TotalsOnlyIndexReadTests

  @Test func anIndexWhoseFoldersHoldShowsDayFiles() throws {
    let journal = UnsearchedLoadTests.journal(.randomSplitShuffled, seed: 81)
    #expect(CohortFolders.indexShowsDayFiles(journal.path))
    #expect(CohortFolders.isJournal(journal.path, holdsDayFiles: CohortFolders.indexShowsDayFiles))
    // A day file removed: the journal's folders changed, so the index no longer tells.
    let files = DayFileFinder.find(in: journal.path).files
    try FileManager.default.removeItem(atPath: files[0].path)
    #expect(!CohortFolders.indexShowsDayFiles(journal.path))
    #expect(CohortFolders.isJournal(journal.path, holdsDayFiles: CohortFolders.indexShowsDayFiles))
  }

  @Test func noIndexAndAFolderChangedJustNowShowNothing() {
    let fresh = Read.journal(.randomSplitShuffled, seed: 82)
    #expect(!CohortFolders.indexShowsDayFiles(fresh.path))
    // Written with the stamps of folders changed a moment before: racy, so they prove nothing.
    _ = Read.load(fresh, Read.totalsOnly)
    #expect(!CohortFolders.indexShowsDayFiles(fresh.path))
    #expect(!CohortFolders.indexShowsDayFiles(fresh.url("missing")))
  }

  @Test func journalsUnderAParentAreTheSameWithIndexesOrWithout() throws {
    let parent = TemporaryJournal()
    for (person, day) in [("ana", "01"), ("bob", "02"), ("cy", "03")] {
      parent.write("\(person)/2026/11/2026-11-\(day).jsonl", "")
    }
    parent.write("notes/readme.txt", "")
    let listed = CohortFolders.members(under: parent.path)?.journals
    #expect(listed == ["ana", "bob", "cy"].map(parent.url))
    // Each person's index written (which makes the cache folder), then again with their folders
    // an hour old: the indexes now tell.
    for person in ["ana", "bob", "cy"] {
      let journal = parent.url(person)
      _ = DigestLoader.load(journal: journal, options: Read.totalsOnly, rules: Read.rules)
      for folder in DayFileFinder.find(in: journal).folders {
        CacheKeyTests.setModified(journal + "/" + folder.relativePath, secondsAgo: 3600)
      }
      _ = DigestLoader.load(journal: journal, options: Read.totalsOnly, rules: Read.rules)
      #expect(CohortFolders.indexShowsDayFiles(journal))
    }
    #expect(CohortFolders.members(under: parent.path)?.journals == listed)
    // Cy's only day file gone (his index stays): no longer a journal.
    try FileManager.default.removeItem(atPath: parent.url("cy/2026/11/2026-11-03.jsonl"))
    #expect(!CohortFolders.indexShowsDayFiles(parent.url("cy")))
    #expect(CohortFolders.members(under: parent.path)?.journals == ["ana", "bob"].map(parent.url))
  }
}
