import BuiltInIngredients
import DemeterCore
import Testing

/// Which food a name settles (`IngredientChoice`, manual: foods), on the built-in table: an id always,
/// a name when its best match is good and clearly ahead; otherwise the candidates.
@Suite struct IngredientChoiceTests {
  static let catalog = RankingTests.catalog

  @Test func anIdNamesItsFood() {
    #expect(
      Self.catalog.choose("usda-sr-07933") == .chosen(Self.catalog.ingredient(withID: "usda-sr-07933")!))
  }

  @Test func aCloseCandidateWithOtherEnergyIsAskedAbout() {
    guard case .ask(let candidates, .close) = Self.catalog.choose("chicken breast") else {
      Issue.record("chicken breast: \(Self.catalog.choose("chicken breast"))")
      return
    }
    #expect(
      candidates.contains { $0.ingredient.name == "chicken, broilers or fryers, breast, meat and skin, raw" })
  }

  @Test func aClearNameSettlesTheFood() {
    guard case .chosen(let banana) = Self.catalog.choose("banana") else {
      Issue.record("banana: \(Self.catalog.choose("banana"))")
      return
    }
    #expect(banana.name == "bananas, raw")
  }

  @Test func aTypoIsAskedAboutWithTheFoodsItFixes() {
    guard case .ask(let candidates, .weak) = Self.catalog.choose("chiken") else {
      Issue.record("chiken: \(Self.catalog.choose("chiken"))")
      return
    }
    #expect(candidates.count == IngredientChoice.candidateLimit)
    #expect(candidates.allSatisfy { $0.ingredient.name.hasPrefix("chicken") })
    #expect(Self.catalog.candidates(for: "chiken") == candidates)
  }

  @Test func nothingMatchingGivesTheClosest() {
    guard case .none(let closest) = Self.catalog.choose("banana zzzzqx") else {
      Issue.record("\(Self.catalog.choose("banana zzzzqx"))")
      return
    }
    #expect(closest.first?.ingredient.name == "bananas, raw")
    #expect(Self.catalog.candidates(for: "banana zzzzqx") == closest)
  }

  /// Close: less than `closeMargin` points apart and energy differing by more than
  /// `closeEnergyShare` of the larger and `closeEnergyFloor` kcal.
  @Test func closeNeedsBothANarrowMarginAndDifferentEnergy() throws {
    let matches = Self.catalog.search("chicken breast", limit: 40).matches
    let first = try #require(matches.first)
    let far = try #require(
      matches.first {
        abs($0.ingredient.caloriesPer100g - first.ingredient.caloriesPer100g)
          > max(0.5 * max($0.ingredient.caloriesPer100g, first.ingredient.caloriesPer100g), 40)
      })
    let near = try #require(
      matches.dropFirst().first {
        abs($0.ingredient.caloriesPer100g - first.ingredient.caloriesPer100g)
          <= min(0.2 * max($0.ingredient.caloriesPer100g, first.ingredient.caloriesPer100g), 20)
      })
    func at(_ match: IngredientCatalog.Match, _ cost: Int) -> IngredientCatalog.Match {
      var moved = match
      moved.cost = cost
      return moved
    }
    let margin = IngredientChoice.closeMargin
    #expect(IngredientChoice.isClose(first, at(far, first.cost + margin - 1)))
    #expect(!IngredientChoice.isClose(first, at(far, first.cost + margin)))
    #expect(!IngredientChoice.isClose(first, at(near, first.cost)))
  }
}
