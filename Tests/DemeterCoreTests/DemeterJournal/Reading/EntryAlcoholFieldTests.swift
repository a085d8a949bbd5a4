import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// An entry's own `alcohol` in grams (optional, a finite number ≥ 0, like `sugar`): read as the
/// entry's `alcohol_g` micronutrient, which the energy check counts at 7 kcal/g, and kept as
/// written when the line is rewritten.
@Suite struct EntryAlcoholFieldTests {
  /// A glass of red wine: 125 kcal, 14 of them from macronutrients.
  static let wine = EntryLine(foodName: "red wine", calories: "125").setting("protein", "0.1")
    .setting("carbohydrates", "3.4").setting("fat", "0").removing("matchedIngredientID")

  static func located(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.location.column): \($0.severity.rawValue): \($0.message)" }
  }

  @Test func alcoholIsReadAsTheEntrysAlcoholMicronutrient() {
    for line in [
      Self.wine.setting("alcohol", "15.6"),
      Self.wine.setting("alcohol", "15.6").setting("micronutrients", #"{"alcohol_g":15.60}"#),
    ] {
      let (load, _) = JournalTesting.loadLine(line.text)
      #expect(load.diagnostics.isEmpty, "\(line.text)")
      #expect(load.table.count == 1)
      #expect(load.table.micronutrientNames.strings == [IngredientAlcohol.micronutrient])
      #expect(load.table.micronutrientAmount == [15_600_000_000])
    }
  }

  @Test func theEnergyCheckCountsIt() {
    let tolerance = EnergyConsistencyTolerance()
    let stated = JournalTesting.loadLine(Self.wine.setting("alcohol", "15.6").text).0.table
    let unstated = JournalTesting.loadLine(Self.wine.text).0.table
    #expect(tolerance.alcoholByRow(in: stated) == [15_600_000_000])
    #expect(tolerance.alcoholByRow(in: unstated) == [0])
  }

  @Test func aNegativeOrConflictingAlcoholIsALocatedError() {
    let negative = Self.wine.setting("alcohol", "-1")
    let (badLoad, _) = JournalTesting.loadLine(negative.text)
    #expect(
      Self.located(badLoad.diagnostics) == [
        "\(negative.valueColumn("alcohol")): error: \"alcohol\" must be a finite number ≥ 0, got -1; "
          + "write 0 when the food has none"
      ])
    #expect(badLoad.table.count == 0)
    let conflicting = Self.wine.setting("alcohol", "15.6").setting("micronutrients", #"{"alcohol_g":10}"#)
    let (conflictLoad, _) = JournalTesting.loadLine(conflicting.text)
    #expect(
      Self.located(conflictLoad.diagnostics) == [
        "\(conflicting.valueColumn("alcohol")): error: \"alcohol\" is 15.6 g but \"micronutrients.alcohol_g\" "
          + "is 10; both are the entry's alcohol, so keep one"
      ])
    #expect(conflictLoad.table.count == 0)
  }

  @Test func theCanonicalLineWritesItAfterSugar() throws {
    let outcome = EntryLineReader.read(
      Self.wine.setting("alcohol", "15.60").text, path: "2026-11-21.jsonl", lineNumber: 1)
    let entry = try #require(outcome.line?.entry)
    #expect(entry.alcohol == 15.6)
    #expect(entry.micronutrients.isEmpty)
    #expect(EntryLineEncoder.line(for: entry).contains(#""fat":0,"alcohol":15.6,"confidence":0.92"#))
    var kept = try #require(
      EntryLineReader.read(
        Self.wine.setting("alcohol", "15.6").setting("micronutrients", #"{"alcohol_g":15.6}"#).text,
        path: "2026-11-21.jsonl", lineNumber: 1
      ).line?.entry)
    #expect(kept.micronutrients == [IngredientAlcohol.micronutrient: 15.6])
    kept.alcohol = 2
    #expect(throws: FoodEntryValidationError.conflictingAlcohol(2, 15.6)) { try kept.validate() }
  }
}
