import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `RecipeStore.update`: read, change and write back under the lock, canonical, refusing what the
/// file format refuses, writing nothing when nothing changes.
@Suite struct RecipeUpdateTests {
  let journal = TemporaryJournal()
  var store: RecipeStore { RecipeStore(journal: journal.path) }

  @Test func changesAreWrittenCanonicallyAndSameBytesAreNotWrittenAgain() throws {
    #expect(try store.save(try RecipeStoreTests.recipe("chili"), replacing: false) == .added)
    guard
      case .changed(let changed) = try store.update(
        "chili",
        {
          $0.tags.append("spicy")
          return nil
        })
    else {
      Issue.record("not changed")
      return
    }
    #expect(changed.tags == ["spicy"])
    #expect(try FileBytes.read(store.path(of: "chili"), limit: .recipe) == RecipeEncoder.bytes(changed))
    guard case .unchanged = try store.update("chili", { _ in nil }) else {
      Issue.record("an update that changes nothing wrote the file")
      return
    }
  }

  @Test func refusalsAndRuleBreakingChangesWriteNothing() throws {
    #expect(try store.save(try RecipeStoreTests.recipe("chili"), replacing: false) == .added)
    let before = try FileBytes.read(store.path(of: "chili"), limit: .recipe)
    guard
      case .refused("no") = try store.update(
        "chili",
        {
          $0.title = "X"
          return "no"
        })
    else {
      Issue.record("not refused")
      return
    }
    guard
      case .refused = try store.update(
        "chili",
        {
          $0.id = "other"
          return nil
        })
    else {
      Issue.record("an id change was not refused")
      return
    }
    guard
      case .invalid(let problems) = try store.update(
        "chili",
        {
          $0.title = " "
          return nil
        })
    else {
      Issue.record("an empty title was written")
      return
    }
    #expect(
      problems.first?.rendered.hasPrefix("<changed chili>:3:12: error: \"title\" must be a non-empty string")
        == true)
    #expect(try FileBytes.read(store.path(of: "chili"), limit: .recipe) == before)
    guard case .notFound = try store.update("nonesuch", { _ in nil }) else {
      Issue.record("found a recipe that is not there")
      return
    }
    journal.write("recipes/broken.json", "{")
    guard case .unreadable(let document) = try store.update("broken", { _ in nil }) else {
      Issue.record("a broken file was rewritten")
      return
    }
    #expect(!document.diagnostics.isEmpty)
  }
}

/// `RecipeSearch`: every word found somewhere, whole title words first.
@Suite struct RecipeSearchTests {
  static func recipe(_ id: String, _ title: String, tags: [String] = [], books: [String] = []) -> Recipe {
    Recipe(
      id: id, title: title, servings: FixedDecimal(1)!,
      ingredients: [RecipeIngredient(food: .ingredient(id: "x"), amount: .grams(FixedDecimal(1)!))],
      tags: tags,
      books: books)
  }

  @Test func ordersByWhereEachWordIsFound() {
    let recipes = [
      Self.recipe("a-ingredient", "Plain", books: []),
      Self.recipe("b-book", "Plain", books: ["Chili nights"]),
      Self.recipe("c-part", "Chilis"),
      Self.recipe("d-word", "Bean chili"),
      Self.recipe("e-none", "Soup"),
      Self.recipe("chili-f", "Stew"),
    ]
    let names = [["Chili powder"], [], [], [], ["beans"], []]
    #expect(RecipeSearch.matches("CHILI", in: recipes, ingredientNames: names) == [3, 2, 5, 1, 0])
    #expect(RecipeSearch.matches("chili bean", in: recipes, ingredientNames: names) == [3])
    #expect(RecipeSearch.matches("  ", in: recipes, ingredientNames: names) == [])
    #expect(RecipeSearch.place(of: "bean", in: recipes[3], ingredientNames: []) == .titleWord)
  }
}
