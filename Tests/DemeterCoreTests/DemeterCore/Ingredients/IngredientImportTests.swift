import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension IngredientDatabaseTests {
  /// Importing an ingredients.jsonl-format file: new ids appended, changed ones replaced in place,
  /// equal ones untouched; idempotent; bad lines located in the import file.
  @Suite struct IngredientImportTests {
    let journal = TemporaryJournal()
    var repository: IngredientRepository { IngredientRepository(journal: journal.path) }

    /// The USDA lines re-encode to themselves, so an import into an empty journal copies the excerpt.
    @Test func importIntoAnEmptyJournalCopiesTheExcerpt() throws {
      let result = try repository.importIngredients(from: IngredientFixtures.excerptPath)
      #expect(result.added == 50)
      #expect(result.updated == 0)
      #expect(result.unchanged == 0)
      #expect(result.diagnostics.isEmpty)
      #expect(try IngredientFixtures.bytes(repository.path) == IngredientFixtures.excerpt())
    }

    @Test func importingTwiceChangesNothing() throws {
      _ = try repository.importIngredients(from: IngredientFixtures.excerptPath)
      let before = try IngredientFixtures.bytes(repository.path)
      let again = try repository.importIngredients(from: IngredientFixtures.excerptPath)
      #expect(again.added == 0)
      #expect(again.updated == 0)
      #expect(again.unchanged == 50)
      #expect(!again.changed)
      #expect(try IngredientFixtures.bytes(repository.path) == before)
    }

    @Test func changedLinesAreReplacedInPlaceAndNewOnesAppended() throws {
      let lines = try IngredientFixtures.excerptLines()
      // The journal has the first 40 foods, one of them written by hand with other numbers.
      var existing = Array(lines.prefix(40))
      existing[3] = existing[3].replacingOccurrences(
        of: #""caloriesPer100g":353"#, with: #""caloriesPer100g":350.0"#)
      #expect(existing[3] != lines[3])
      journal.write(IngredientDatabase.fileName, lines: existing)
      let result = try repository.importIngredients(from: IngredientFixtures.excerptPath)
      #expect(result.added == 10)
      #expect(result.updated == 1)
      #expect(result.unchanged == 39)
      let after = try IngredientFixtures.rawLines(IngredientFixtures.bytes(repository.path))
      #expect(after.map { String(decoding: $0, as: UTF8.self) } == lines.map { $0 + "\n" })
      #expect(try repository.fetch(id: "usda-sr-01004")?.caloriesPer100g == 353)
    }

    @Test func badLinesAreLocatedAndTheRestImported() throws {
      var lines = try IngredientFixtures.excerptLines().prefix(5).map { $0 }
      lines.insert(
        #"{"id":"x","name":"x","caloriesPer100g":-1,"proteinPer100g":0,"carbsPer100g":0,"fatPer100g":0,"#
          + #""category":"grain"}"#,
        at: 1)
      lines.insert(#"{"id":"y","name":"y",}"#, at: 3)
      lines.append(lines[0])  // a duplicate id
      let source = journal.write("import.jsonl", lines: lines)
      let result = try repository.importIngredients(from: source)
      #expect(result.added == 5)
      let problems = result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
      #expect(problems.count == 3)
      #expect(problems[0] == #"2:1: "caloriesPer100g" must be a number ≥ 0, got -1"#)
      #expect(problems[1].hasPrefix("4:21: "))
      #expect(problems[2].hasPrefix("8:1: duplicate ingredient id \"usda-sr-01001\" (first at line 1)"))
      #expect(result.diagnostics.allSatisfy { $0.location.path == source })
      #expect(try repository.fetchAll().count == 5)
    }

    @Test func aMissingSourceIsAPersistenceError() throws {
      #expect {
        _ = try repository.importIngredients(from: journal.url("nope.jsonl"))
      } throws: { error in
        guard case .persistenceError(let detail)? = error as? ModelError else { return false }
        return detail.contains("nope.jsonl")
      }
      #expect(!FileManager.default.fileExists(atPath: repository.path))
    }

    /// The whole shared USDA table: 8 789 foods, imported byte for byte, then again without change.
    @Test(.enabled(if: IngredientFixtures.sharedTablePath != nil))
    func theWholeSharedTable() throws {
      let source = try IngredientFixtures.bytes(IngredientFixtures.sharedTablePath!)
      var file = IngredientFile(emptyAt: repository.path)
      let first = file.merge(bytes: source, sourcePath: "ingredients.jsonl")
      #expect(first.added == 8789)
      #expect(first.diagnostics.isEmpty)
      #expect(file.bytes == source)
      let second = file.merge(bytes: source, sourcePath: "ingredients.jsonl")
      #expect(second.unchanged == 8789)
      #expect(!second.changed)
      #expect(file.bytes == source)
    }
  }
}
