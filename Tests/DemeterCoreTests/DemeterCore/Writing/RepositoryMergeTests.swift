import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `FoodEntryRepository.merge`: `import`'s write, adding only the lines the journal lacks.
@Suite struct RepositoryMergeTests {
  private func id(_ number: Int) -> String { "00000000-0000-4000-8000-0000000000a\(number)" }

  private func line(_ id: String, day: Int, time: String = "08:00:00Z", calories: Int = 2) -> JournalEntryLine
  {
    let text =
      #"{"id":"\#(id)","timestamp":"2026-11-0\#(day)T\#(time)","rawDescription":"","foodName":"tea","#
      + #""quantity":1,"unit":"cup","calories":\#(calories),"protein":0,"carbohydrates":0.5,"fat":0,"#
      + #""confidence":1}"#
    return EntryLineReader.read(text, path: "-", lineNumber: 1).line!
  }

  private func snapshot(_ journal: TemporaryJournal) -> [String: Data] {
    var files: [String: Data] = [:]
    for case let relative as String in FileManager.default.enumerator(atPath: journal.path)! {
      files[relative] = FileManager.default.contents(atPath: journal.url(relative))
    }
    return files
  }

  @Test func mergeAddsOnlyTheNewLines() throws {
    let journal = TemporaryJournal()
    let repository = FoodEntryRepository(journal: journal.path)
    let first = try repository.merge([line(id(1), day: 2), line(id(2), day: 3)], dryRun: false)
    #expect(first.added.map(\.entries) == [1, 1] && first.present.isEmpty)
    let before = snapshot(journal)
    let again = try repository.merge([line(id(1).uppercased(), day: 2), line(id(2), day: 3)], dryRun: false)
    #expect(again.added.isEmpty && again.present.keys.sorted() == [0, 1])
    #expect(snapshot(journal) == before)
    let overlap = try repository.merge([line(id(2), day: 3), line(id(3), day: 3)], dryRun: false)
    #expect(
      overlap.added == [FoodEntryRepository.AddedFile(path: journal.url("2026-11-03.jsonl"), entries: 1)])
    #expect(overlap.present[0]?.path == journal.url("2026-11-03.jsonl"))
    #expect(try repository.fetch(for: CivilDate(year: 2026, month: 11, day: 3)!).map(\.id) == [id(2), id(3)])
  }

  @Test func dryRunWritesNothing() throws {
    let journal = TemporaryJournal()
    let repository = FoodEntryRepository(journal: journal.path)
    let merge = try repository.merge([line(id(4), day: 2), line(id(5), day: 2)], dryRun: true)
    #expect(merge.added == [FoodEntryRepository.AddedFile(path: journal.url("2026-11-02.jsonl"), entries: 2)])
    #expect(snapshot(journal).isEmpty)
  }

  @Test func copiesThatDifferAreCountedAndReplacedWhenUpdating() throws {
    let journal = TemporaryJournal()
    let repository = FoodEntryRepository(journal: journal.path)
    _ = try repository.merge([line(id(1), day: 2), line(id(2), day: 2, time: "09:00:00Z")], dryRun: false)
    let before = snapshot(journal)
    // The same moment at another offset is no difference; other calories and another day are.
    let edited = [
      line(id(1), day: 2, time: "03:00:00-05:00"), line(id(2), day: 2, time: "09:00:00Z", calories: 3),
    ]
    let counted = try repository.merge(edited, dryRun: false)
    #expect(counted.present.count == 2 && counted.differing == [1] && counted.added.isEmpty)
    #expect(snapshot(journal) == before)
    let moved = [line(id(1), day: 3), line(id(2), day: 2, time: "09:00:00Z", calories: 3)]
    let updated = try repository.merge(moved, update: true, dryRun: false)
    #expect(updated.differing == [0, 1] && updated.added.isEmpty)
    #expect(try repository.fetch(for: CivilDate(year: 2026, month: 11, day: 2)!).map(\.calories) == [3])
    #expect(try repository.fetch(for: CivilDate(year: 2026, month: 11, day: 3)!).map(\.id) == [id(1)])
  }

  @Test func aCopyOnSeveralLinesIsNotUpdated() throws {
    let journal = TemporaryJournal()
    let repository = FoodEntryRepository(journal: journal.path)
    _ = try repository.merge([line(id(1), day: 2)], dryRun: false)
    let day = journal.url("2026-11-02.jsonl")
    let text = try String(contentsOfFile: day, encoding: .utf8)
    try (text + text).write(toFile: day, atomically: true, encoding: .utf8)
    let before = snapshot(journal)
    #expect(throws: ModelError.self) {
      try repository.merge([line(id(1), day: 2, calories: 3)], update: true, dryRun: false)
    }
    #expect(snapshot(journal) == before)
  }

  @Test func aFormerIDFindsTheJournalsCopy() throws {
    let journal = TemporaryJournal()
    let repository = FoodEntryRepository(journal: journal.path)
    _ = try repository.merge([line(id(1), day: 2)], dryRun: false)
    let before = snapshot(journal)
    let merge = try repository.merge([line(id(7), day: 2)], formerIDs: [0: id(1)], dryRun: false)
    #expect(merge.added.isEmpty && merge.present[0]?.line == 1 && merge.differing.isEmpty)
    #expect(snapshot(journal) == before)
  }

  @Test func twoLinesWithOneIdAreRefused() {
    let journal = TemporaryJournal()
    #expect(throws: ModelError.duplicateEntry(id(6))) {
      try FoodEntryRepository(journal: journal.path).merge(
        [line(id(6), day: 2), line(id(6), day: 3)], dryRun: false)
    }
  }
}
