import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct CohortFoldersTests {
  static func personLike(_ journal: TemporaryJournal) -> [String] {
    CohortFolders.personLikeFolders(journal: journal.path, files: DayFileFinder.find(in: journal.path).files)
  }

  @Test func journalsUnderAParentAreItsFoldersWithDayFilesOrConfigInByteOrder() {
    let parent = TemporaryJournal()
    parent.write("bob/2026/11/2026-11-02.jsonl", "")
    parent.write("Zoe/2026-11-01.jsonl", "")
    parent.write("ana/.demeter.json", "{}")
    parent.write("notes/readme.txt", "")
    parent.write(".hidden/2026-11-01.jsonl", "")
    parent.write("2026-11-03.jsonl", "")
    #expect(CohortFolders.members(under: parent.path)?.journals == ["Zoe", "ana", "bob"].map(parent.url))
    #expect(CohortFolders.members(under: parent.url("missing")) == nil)
  }

  @Test func yearAndMonthFoldersNeverLookLikePeople() {
    let journal = TemporaryJournal()
    for date in ["2025/12/2025-12-31", "2026/01/2026-01-01", "2026/11/2026-11-21", "2027/2027-01-01"] {
      journal.write("\(date).jsonl", "")
    }
    journal.write("2026-11-22.jsonl", "")
    #expect(Self.personLike(journal).isEmpty)
  }

  @Test func subFoldersLoggingTheSameDatesLookLikePeople() {
    let journal = TemporaryJournal()
    for person in ["ana", "bob", "cy"] {
      journal.write("\(person)/2026/11/2026-11-21.jsonl", "")
    }
    journal.write("archive/2024-01-01.jsonl", "")
    #expect(Self.personLike(journal) == ["ana", "bob", "cy"])
  }

  @Test func subFoldersWithTheirOwnConfigLookLikePeople() {
    let journal = TemporaryJournal()
    journal.write("ana/2026-11-20.jsonl", "")
    journal.write("ana/.demeter.json", "{}")
    journal.write("bob/2026-11-21.jsonl", "")
    #expect(Self.personLike(journal).isEmpty)
    journal.write("bob/.demeter.json", "{}")
    #expect(Self.personLike(journal) == ["ana", "bob"])
  }
}
