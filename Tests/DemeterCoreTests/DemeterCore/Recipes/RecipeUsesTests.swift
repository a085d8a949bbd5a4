import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `JournalDigests.recipeUses(in:)`, which skips the period's detail when no name refers to a
/// recipe, gives what the whole ingredient usage gives (`IngredientUsageSummary.recipeUses`).
@Suite struct RecipeUsesTests {
  typealias P = AggregationPropertyTests

  @Test func sampleJournalRecipesAsTheFullUsageGivesThem() throws {
    let last = CivilDate(year: 2026, month: 11, day: 21)!
    let digests = DigestLoader.load(files: SampleJournal.dayFiles(endingOn: last))
    let whole = try #require(digests.span)
    let uses = digests.recipeUses(in: whole)
    #expect(!uses.isEmpty)
    #expect(uses == digests.ingredientUsage(in: whole).recipeUses)
    for day in whole.buckets(.day) {
      #expect(digests.recipeUses(in: day) == digests.ingredientUsage(in: day).recipeUses)
    }
  }

  @Test(arguments: P.seeds)
  func randomJournalsWithoutRecipesHaveNone(seed: UInt64) {
    let table = AggregationFixture.table(P.randomRows(seed: seed, count: 400))
    let digests = JournalDigests(table: table, rules: DigestRules(AggregationOptions()))
    for week in P.weeks {
      #expect(digests.recipeUses(in: week) == digests.ingredientUsage(in: week).recipeUses)
    }
  }
}
