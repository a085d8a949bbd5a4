import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct SampleJournalTests {
  static let lastDay = CivilDate(year: 2026, month: 11, day: 21)!

  @Test func loadsWithoutAnyProblem() {
    let load = JournalLoader.load(
      files: SampleJournal.dayFiles(endingOn: Self.lastDay),
      options: JournalLoadOptions(collectWarnings: true))
    #expect(load.diagnostics.isEmpty, "\(load.diagnostics.prefix(3).map(\.rendered))")
    #expect(load.fileCount == SampleJournal.dayCount)
    #expect(load.table.count > SampleJournal.dayCount * 8)
    let ingredients = IngredientDatabase.load(
      bytes: SampleJournal.ingredientsText, path: SampleJournal.ingredientsPath)
    #expect(ingredients.diagnostics.isEmpty)
    // Entries logged from the sample's recipes name them (`recipe:ID`).
    let recipes = Set(SampleJournal.recipeIDs)
    let digests = DigestLoader.load(
      files: SampleJournal.dayFiles(endingOn: Self.lastDay),
      options: JournalLoadOptions(collectWarnings: true))
    #expect(
      digests.unknownReferences(to: IngredientCatalog(own: ingredients.database, builtIn: nil)) {
        Recipe.id(fromReference: $0).map(recipes.contains) ?? false
      }.isEmpty)
  }

  /// The recipes by id are the recipe files, each under its own recipe's id.
  @Test func recipeDocumentsByIDHoldEveryRecipeUnderItsID() {
    let byID = SampleJournal.recipeDocumentsByID
    #expect(byID.keys.sorted() == SampleJournal.recipeIDs.sorted())
    for document in SampleJournal.recipeDocuments {
      let id = document.recipe?.id
      #expect(id != nil)
      #expect(id.flatMap { byID[$0]?.path } == document.path)
    }
  }

  /// A day's entries depend only on its date, outside the planned last week (whose entries are
  /// partly logged from the plan's recipes).
  @Test func aDayIsTheSameWhateverTheWindow() {
    let early = SampleJournal.dayFiles(endingOn: Self.lastDay).dropLast(7)
    let late = SampleJournal.dayFiles(endingOn: Self.lastDay.adding(days: 10))
    let shared = early.filter { file in late.contains { $0.path == file.path } }
    #expect(shared.count == SampleJournal.dayCount - 17)
    for file in shared {
      #expect(late.first { $0.path == file.path }?.contents == file.contents)
    }
  }

  @Test func showsWhatTheReportsAreFor() {
    let load = JournalLoader.load(files: SampleJournal.dayFiles(endingOn: Self.lastDay))
    let period = Period(first: Self.lastDay.adding(days: -27), last: Self.lastDay)
    let whole = load.table.summarize(buckets: [period]).whole
    #expect(whole.daysLogged == SampleJournal.dayCount)
    #expect(whole.confidence.lowCount > 0)
    #expect(whole.needsReviewCount > whole.confidence.lowCount)
    #expect(whole.energyInconsistentCount > 0)
    #expect(Set(load.table.utcOffset).count == 2)
  }
}
