import DemeterCore
import DemeterReports
import Foundation
import Testing

/// `RecipeBook` reads a journal's recipes with their nutrition.
@Suite struct RecipeBookTests {
  static let journal = ReportMakerTests.fixtures.appendingPathComponent("recipe-journal").path

  @Test func everyRecipeIsReadInIDOrderWithItsNutrition() throws {
    var console = Console.capturing()
    let (recipes, failed) = try RecipeBook(journal: Self.journal).all(&console)
    #expect(!failed)
    #expect(recipes.map(\.recipe.id) == ["lentil-soup", "oat-banana"])
    #expect(recipes.allSatisfy { $0.nutrition != nil })
    let (recipe, nutrition) = try RecipeBook(journal: Self.journal).recipe("oat-banana", &console)
    #expect(RecipeBook.ingredientNames(recipe, nutrition).count == recipe.ingredients.count)
  }

  @Test func anUnknownIDIsAUsageErrorNamingTheClosest() {
    var console = Console.capturing()
    #expect {
      _ = try RecipeBook(journal: Self.journal).recipe("oat-banan", &console)
    } throws: { error in
      guard case .usage(let message) = error as? CommandError else { return false }
      return message.hasSuffix("; did you mean 'oat-banana'?")
    }
  }

  @Test func aRecipeAddedSaysTheFoodsItTookAndIsRefusedAgainUnlessReplaced() throws {
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let path = Self.journal + "/recipes/oat-banana.json"
    let document = RecipeDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    let book = RecipeBook(journal: journal)
    var console = Console.capturing()
    #expect(try book.add(document, replacing: false, &console))
    let said = String(decoding: console.capturedErrors, as: UTF8.self)
    #expect(said.contains("demeter-report: took ") && said.contains("(usda-sr-09040): "))
    #expect(
      String(decoding: console.capturedOutput, as: UTF8.self).hasPrefix(
        "added recipe oat-banana (Oats with banana) to "))
    #expect(throws: CommandError.self) { try book.add(document, replacing: false, &console) }
    var again = Console.capturing()
    #expect(try book.add(document, replacing: true, &again))
    #expect(String(decoding: again.capturedOutput, as: UTF8.self).hasPrefix("unchanged: recipe oat-banana"))
  }
}
