import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterFoundation
@testable import DemeterJournal

/// The sample written into a folder, and what it would write over.
@Suite struct SampleJournalWritingTests {
  @Test func theSampleIsWrittenWholeAndThenHeldInItsFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(SampleJournal.journalHeld(in: folder) == nil)
    let days = SampleJournal.dayFiles(endingOn: SampleJournalTests.lastDay)
    let written = try SampleJournal.write(days, into: folder, waiting: JournalLock.Waiting())
    #expect(written.count == days.count + 1 + SampleJournal.recipeFiles.count + 1)
    #expect(
      SampleJournal.journalHeld(in: folder) == "\(days.count) day files and \(IngredientDatabase.fileName)")
  }
}
