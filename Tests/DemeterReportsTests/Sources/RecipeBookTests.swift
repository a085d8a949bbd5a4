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
}
