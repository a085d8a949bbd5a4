import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Entries named by a unique prefix of their id (like git), the journal's state folder kept out of
/// git, and where an `add` writes.
@Suite struct EntryIDPrefixTests {
  private static func line(_ id: String, _ time: String = "2026-11-21T08:00:00Z") -> String {
    EntryLine(id: id, timestamp: time).text
  }

  @Test func aUniquePrefixNamesAnEntryAndAnAmbiguousOneListsTheCandidates() throws {
    let journal = TemporaryJournal()
    journal.write(
      "2026-11-21.jsonl",
      lines: [
        Self.line("6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11"), Self.line("6f0c1111-3c1e-4a57-9a52-0d7f1d0e7b11"),
        Self.line("abcd1234-3c1e-4a57-9a52-0d7f1d0e7b11"),
      ])
    let repository = FoodEntryRepository(journal: journal.path)
    #expect(try repository.fetch(id: "6F0C9A")?.id == "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11")
    #expect(try repository.fetch(id: "abc") == nil)
    do {
      try repository.delete(ids: ["6f0c"])
      Issue.record("an ambiguous prefix removed an entry")
    } catch {
      guard case .ambiguousID(let prefix, let candidates) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(prefix == "6f0c")
      #expect(candidates.count == 2)
      #expect(
        candidates[0].hasPrefix("6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11 (")
          && candidates[0].hasSuffix(".jsonl:1)"))
      #expect(error.message.contains("give more of the id"))
    }
    #expect(try repository.delete(ids: ["abcd"]) == ["abcd1234-3c1e-4a57-9a52-0d7f1d0e7b11"])
    let edited = try repository.update(id: "6f0c1") { $0.calories = 99 }
    #expect(edited.id == "6f0c1111-3c1e-4a57-9a52-0d7f1d0e7b11" && edited.calories == 99)
  }

  @Test func theStateFolderIgnoresItselfInGitButNotTheTemplates() throws {
    let journal = TemporaryJournal()
    try FoodEntryRepository(journal: journal.path).create(
      [
        try #require(
          EntryLineReader.read(Self.line("6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11"), path: "-", lineNumber: 1)
            .line)
      ])
    let ignore = try String(contentsOfFile: journal.url(".demeter/.gitignore"), encoding: .utf8)
    #expect(ignore == "*\n!/templates/\n!/templates/**\n")
    // A folder made before (without one) gets it at the next write.
    try FileManager.default.removeItem(atPath: journal.url(".demeter/.gitignore"))
    try FoodEntryRepository(journal: journal.path).delete(ids: ["6f0c9a52"])
    #expect(FileManager.default.fileExists(atPath: journal.url(".demeter/.gitignore")))
  }

  @Test func addSaysWhichFilesReceivedTheLines() throws {
    let journal = TemporaryJournal()
    journal.write(
      "2026/2026-11-20.jsonl",
      lines: [Self.line("00000000-0000-4000-8000-000000000001", "2026-11-20T08:00:00Z")])
    let lines = try [
      ("2", "2026-11-21T09:00:00Z"), ("3", "2026-11-21T08:00:00Z"), ("4", "2026-11-20T07:00:00Z"),
    ].map {
      try #require(
        EntryLineReader.read(
          Self.line("00000000-0000-4000-8000-00000000000\($0.0)", $0.1), path: "-", lineNumber: 1
        ).line)
    }
    let creation = try FoodEntryRepository(journal: journal.path).create(lines)
    #expect(
      creation
        == .added([
          .init(path: journal.url("2026/2026-11-21.jsonl"), entries: 2),
          .init(path: journal.url("2026/2026-11-20.jsonl"), entries: 1),
        ]))
    let day = try String(contentsOfFile: journal.url("2026/2026-11-20.jsonl"), encoding: .utf8)
    #expect(day.hasPrefix("{\"id\":\"00000000-0000-4000-8000-000000000004\""))
  }
}
