import DemeterCore
import DemeterReports
import Foundation
import Testing

/// The library's writes: entries imported and added, day files formatted, the journal's own foods
/// changed; each says what it did on the console and refuses what would add an entry twice.
@Suite struct JournalWriteTests {
  static func emptyJournal() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writes-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func anExportImportedTwiceAddsNothingTheSecondTime() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let export = ReportMakerTests.fixtures.appendingPathComponent("import/cronometer-servings.csv").path
    let request = ImportRequest(
      .cronometer, files: [export], options: ImportKind.Options(zone: .fixedOffset(seconds: 0)))
    let repository = FoodEntryRepository(journal: journal)
    var first = Console.capturing()
    #expect(try ReportMaker.importEntries(request, into: repository, &first))
    #expect(Self.text(first.capturedErrors).hasPrefix("imported "))
    var again = Console.capturing()
    #expect(try ReportMaker.importEntries(request, into: repository, &again))
    #expect(Self.text(again.capturedErrors).hasPrefix("imported 0 entries into 0 day files ("))
  }

  @Test func linesAddedAreWrittenOnceAndRefusedAgain() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let line =
      #"{"id":"7b0e6a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b","timestamp":"2026-11-21T08:00:00Z","rawDescription":"","#
      + #""foodName":"toast","quantity":1,"unit":"slice","calories":80,"protein":3,"carbohydrates":14,"fat":1,"confidence":1,"meal":"breakfast"}"#
    let read: [ReportMaker.ReadEntryLine] = [
      ("--json", 1, EntryLineReader.read(line, path: "--json", lineNumber: 1))
    ]
    let repository = FoodEntryRepository(journal: journal)
    var console = Console.capturing()
    #expect(try ReportMaker.addEntries(read, into: repository, readFailed: false, quiet: true, &console))
    #expect(Self.text(console.capturedOutput) == "7b0e6a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b\n")
    var again = Console.capturing()
    #expect(try !ReportMaker.addEntries(read, into: repository, readFailed: false, quiet: true, &again))
    #expect(Self.text(again.capturedErrors).contains("already added: an entry with id"))
    // A journal in canonical form has nothing to format.
    var formatting = Console.capturing()
    #expect(
      try DayFileFormatting(checkOnly: true, upgrading: false).format(
        nil, journal: journal, waiting: JournalLock.Waiting(), &formatting))
    #expect(formatting.capturedOutput.isEmpty)
  }

  @Test func aFoodAddedIsRemovedAndAnUnknownOneIsRefusedNamingTheClosest() throws {
    let journal = try Self.emptyJournal()
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let changes = IngredientFileChanges(journal: journal, lockWaiting: JournalLock.Waiting())
    let granola = try Ingredient(
      id: "custom-granola", name: "granola, homemade", caloriesPer100g: 450, proteinPer100g: 10,
      carbsPer100g: 60,
      fatPer100g: 18, category: .grain)
    var console = Console.capturing()
    try changes.add(granola, &console)
    #expect(Self.text(console.capturedOutput).hasPrefix("added custom-granola (granola, homemade) to "))
    #expect {
      try changes.remove("custom-granol", force: false, usesCache: false, &console)
    } throws: { error in
      guard case .usage(let message) = error as? CommandError else { return false }
      return message.hasSuffix("did you mean 'custom-granola'?")
    }
    try changes.remove("custom-granola", force: false, usesCache: false, &console)
    #expect(Self.text(console.capturedOutput).contains("removed custom-granola (granola, homemade) from "))
  }
}
