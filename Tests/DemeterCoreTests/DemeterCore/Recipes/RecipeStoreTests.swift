import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `<journal>/recipes/ID.json`: saving in canonical form under the lock, listing, reading, removing.
@Suite struct RecipeStoreTests {
  let journal = TemporaryJournal()
  var store: RecipeStore { RecipeStore(journal: journal.path) }

  static func recipe(_ id: String) throws -> Recipe {
    try #require(
      RecipeDocument(
        bytes: Array(RecipeDocumentTests.smallest.replacingOccurrences(of: "oat-banana", with: id).utf8),
        path: "r.json"
      ).recipe)
  }

  @Test func savesListsReadsAndRemoves() throws {
    #expect(store.ids() == [])
    #expect(try store.save(try Self.recipe("oat-banana"), replacing: false) == .added)
    #expect(try store.save(try Self.recipe("chili"), replacing: false) == .added)
    #expect(store.path(of: "chili") == journal.path + "/recipes/chili.json")
    #expect(store.ids() == ["chili", "oat-banana"])
    let bytes = try FileBytes.read(store.path(of: "chili"), limit: .recipe)
    #expect(bytes == RecipeEncoder.bytes(try Self.recipe("chili")))
    #expect(try store.read("chili")?.recipe == (try Self.recipe("chili")))
    #expect(try store.read("nonesuch") == nil)
    #expect(try store.read("../escape") == nil)
    #expect(try store.save(try Self.recipe("chili"), replacing: false) == .alreadyExists)
    #expect(try store.save(try Self.recipe("chili"), replacing: true) == .unchanged)
    var changed = try Self.recipe("chili")
    changed.title = "Chili"
    #expect(try store.save(changed, replacing: true) == .replaced)
    #expect(try store.read("chili")?.recipe?.title == "Chili")
    #expect(try store.remove("chili"))
    #expect(try !store.remove("chili"))
    #expect(store.ids() == ["oat-banana"])
  }

  @Test func otherFilesAreNotRecipes() throws {
    journal.write("recipes/.hidden.json", "{}")
    journal.write("recipes/Not A Slug.json", "{}")
    journal.write("recipes/notes.txt", "x")
    journal.write("recipes/wrong-id.json", RecipeDocumentTests.smallest)
    #expect(store.ids() == ["wrong-id"])
    let documents = try store.readAll()
    #expect(documents.map { $0.recipe == nil } == [true])
    #expect(documents.first?.diagnostics.first?.message.hasPrefix("the id \"oat-banana\" differs") == true)
  }
}
