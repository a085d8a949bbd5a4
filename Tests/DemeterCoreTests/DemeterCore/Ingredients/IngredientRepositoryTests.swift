import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension IngredientDatabaseTests {
  /// `IngredientRepository`: the manual's `journal` topic's contract over `<journal>/ingredients.jsonl`, with untouched
  /// lines byte-identical after every change (manual: writing).
  @Suite struct IngredientRepositoryTests {
    /// Lines as a person or another tool might write them: `182.0` instead of `182`, keys in another
    /// order, a CRLF line end, a blank line, a line that is not an ingredient, a duplicate id.
    static let handWritten = [
      #"{"id":"oats","name":"Oats, "#
        + #"rolled","caloriesPer100g":379.0,"proteinPer100g":13.2,"carbsPer100g":67.7,"fatPer100g":6.5,"#
          + #""category":"grain","verificationStatus":"verified"}"#,
      #"{"name":"banana","id":"banana","aliases":["Plantain ", "#
        + #""plantain"],"caloriesPer100g":89,"proteinPer100g":1.09,"carbsPer100g":22.84,"fatPer100g":0.33,"#
          + #""category":"fruit"}"#
        + "\r",
      "",
      #"{"id":"broken","name":"no "#
        + #"calories","proteinPer100g":1,"carbsPer100g":1,"fatPer100g":1,"category":"grain"}"#,
      #"{"id":"skyr","name":"skyr","caloriesPer100g":63,"proteinPer100g":11,"carbsPer100g":4,"#
        + #""fatPer100g":0.2,"category":"dairy"}"#,
      #"{"id":"oats","name":"second "#
        + #"oats","caloriesPer100g":1,"proteinPer100g":1,"carbsPer100g":1,"fatPer100g":1,"#
          + #""category":"grain"}"#,
    ]
    static var handWrittenBytes: [UInt8] { Array(handWritten.map { $0 + "\n" }.joined().utf8) }

    let journal = TemporaryJournal()
    var repository: IngredientRepository { IngredientRepository(journal: journal.path) }
    var path: String { journal.url(IngredientDatabase.fileName) }

    @Test func readsWithTheDatabaseParser() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      let file = try repository.file()
      #expect(file.ingredients.map(\.id) == ["oats", "banana", "skyr"])
      #expect(file.diagnostics.map(\.location.line) == [4, 6])
      #expect(try repository.fetch(id: "banana")?.aliases == ["plantain"])
      #expect(try repository.fetch(id: "broken") == nil)
      #expect(try repository.fetch(name: "  OATS, Rolled ")?.id == "oats")
      #expect(try repository.fetch(name: "oats") == nil)
      #expect(try repository.fetchVerified().map(\.id) == ["oats"])
      #expect(try repository.fetchAll().count == 3)
    }

    @Test func missingFileIsEmptyAndCreateMakesIt() throws {
      #expect(try repository.fetchAll().isEmpty)
      #expect(try repository.search(query: "oats").isEmpty)
      let oats = try IngredientFixtures.custom("oats", "oats")
      try repository.create(oats)
      #expect(try IngredientFixtures.bytes(path) == IngredientFile.encode(oats))
      #expect(try repository.fetch(id: "oats") == oats)
    }

    @Test func createAppendsAndKeepsEveryOtherByte() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      let rye = try IngredientFixtures.custom("rye", "rye bread")
      try repository.create(rye)
      #expect(try IngredientFixtures.bytes(path) == Self.handWrittenBytes + IngredientFile.encode(rye))
      #expect(try repository.fetch(id: "rye") == rye)
    }

    @Test func createAfterALastLineWithoutNewlineStartsANewLine() throws {
      let text = Self.handWritten[0]
      journal.write(IngredientDatabase.fileName, text)
      let rye = try IngredientFixtures.custom("rye", "rye bread")
      try repository.create(rye)
      #expect(try IngredientFixtures.bytes(path) == Array((text + "\n").utf8) + IngredientFile.encode(rye))
    }

    @Test func createRefusesATakenId() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      #expect(throws: ModelError.duplicateEntry("skyr")) {
        try repository.create(try IngredientFixtures.custom("skyr", "another skyr"))
      }
      #expect(try IngredientFixtures.bytes(path) == Self.handWrittenBytes)
    }

    @Test func updateRewritesOnlyThatLineInPlace() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      var banana = try #require(try repository.fetch(id: "banana"))
      banana.addAlias("cooking banana")
      try repository.update(banana)
      let before = IngredientFixtures.rawLines(Self.handWrittenBytes)
      let after = IngredientFixtures.rawLines(try IngredientFixtures.bytes(path))
      #expect(after.count == before.count)
      for index in before.indices where index != 1 {
        #expect(after[index] == before[index], "line \(index + 1)")
      }
      #expect(after[1] == IngredientFile.encode(banana))
      #expect(try repository.fetch(id: "banana")?.aliases == ["plantain", "cooking banana"])
    }

    @Test func updateWithEqualDataWritesNothing() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      let oats = try #require(try repository.fetch(id: "oats"))
      try repository.update(oats)
      #expect(try IngredientFixtures.bytes(path) == Self.handWrittenBytes)
    }

    @Test func deleteRemovesOnlyThatLine() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      let removed = try repository.delete(id: "skyr")
      #expect(removed.name == "skyr")
      var expected = IngredientFixtures.rawLines(Self.handWrittenBytes)
      expected.remove(at: 4)
      #expect(IngredientFixtures.rawLines(try IngredientFixtures.bytes(path)) == expected)
      #expect(try repository.fetch(id: "skyr") == nil)
    }

    @Test func unknownIdsAreNotFound() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      #expect(throws: ModelError.notFound("ingredient \"rye\"")) {
        try repository.update(try IngredientFixtures.custom("rye", "rye"))
      }
      #expect(throws: ModelError.notFound("ingredient \"rye\"")) { try repository.delete(id: "rye") }
      #expect(try IngredientFixtures.bytes(path) == Self.handWrittenBytes)
    }

    /// create → fetch → update → delete leaves the original file, byte for byte.
    @Test func roundTripRestoresTheFile() throws {
      let original = try IngredientFixtures.excerpt()
      journal.write(IngredientDatabase.fileName, bytes: original)
      let rye = try IngredientFixtures.custom("rye", "rye bread")
      try repository.create(rye)
      var changed = rye
      changed.addAlias("roggenbrot")
      try repository.update(changed)
      #expect(try repository.fetch(id: "rye") == changed)
      try repository.delete(id: "rye")
      #expect(try IngredientFixtures.bytes(path) == original)
    }

    @Test func aByteOrderMarkStays() throws {
      journal.write(IngredientDatabase.fileName, bytes: [0xEF, 0xBB, 0xBF] + Self.handWrittenBytes)
      try repository.delete(id: "skyr")
      let bytes = try IngredientFixtures.bytes(path)
      #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
      #expect(try repository.fetch(id: "oats") != nil)
    }

    @Test func writingLeavesNoTemporaryFiles() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      try repository.create(try IngredientFixtures.custom("rye", "rye"))
      // Only the file and the journal's lock folder (writes take the journal lock).
      let names = try FileManager.default.contentsOfDirectory(atPath: journal.path).sorted()
      #expect(names == [".demeter", IngredientDatabase.fileName])
    }

    @Test func writeFailuresArePersistenceErrors() throws {
      let missing = IngredientRepository(journal: journal.url("no-such-folder"))
      #expect {
        try missing.create(try IngredientFixtures.custom("rye", "rye"))
      } throws: { error in
        guard case .persistenceError(let detail)? = error as? ModelError else { return false }
        return detail.contains("no-such-folder")
      }
      journal.makeFolder(IngredientDatabase.fileName)
      #expect {
        _ = try repository.fetchAll()
      } throws: { error in
        guard case .persistenceError(let detail)? = error as? ModelError else { return false }
        return detail.contains("not a regular file")
      }
    }

    /// Popularity counts journal entries per ingredient (manual: journal), most first, ties by id.
    @Test func popularCountsJournalEntries() throws {
      journal.write(IngredientDatabase.fileName, bytes: Self.handWrittenBytes)
      func entry(_ n: Int, _ day: Int, _ ingredient: String?) -> String {
        let id = String(format: "00000000-0000-4000-8000-%012d", n)
        var line = EntryLine(id: id, timestamp: "2026-11-\(day)T08:15:00-05:00")
        line = line.setting("matchedIngredientID", ingredient.map { "\"\($0)\"" } ?? "null")
        return line.text
      }
      journal.write(
        "2026-11-20.jsonl",
        lines: [entry(1, 20, "skyr"), entry(2, 20, "banana"), entry(3, 20, "unknown-id"), entry(4, 20, nil)])
      journal.write(
        "2026/2026-11-21.jsonl", lines: [entry(5, 21, "banana"), entry(6, 21, "skyr"), entry(7, 21, "skyr")])
      let popular = try repository.fetchPopular(limit: 10)
      #expect(popular.map(\.ingredient.id) == ["skyr", "banana"])
      #expect(popular.map(\.entries) == [3, 2])
      #expect(try repository.fetchPopular(limit: 1).map(\.ingredient.id) == ["skyr"])
      #expect(try repository.fetchPopular(limit: 0).isEmpty)
      let digests = DigestLoader.load(journal: journal.path)
      let day = CivilDate(year: 2026, month: 11, day: 20)!
      let onDay = try repository.fetchPopular(limit: 10, digests: digests, period: Period(day: day))
      #expect(onDay.map(\.ingredient.id) == ["banana", "skyr"])
      #expect(onDay.map(\.entries) == [1, 1])
      #expect(onDay[0].calories.description == "182")
    }
  }
}
