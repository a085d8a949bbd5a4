import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension IngredientDatabaseTests {
  /// The set of a journal's own ids that a catalog search checks built-in hits against (a journal's
  /// food overrides the table's of the same id): it finds exactly the index's ids, by their bytes.
  @Suite struct IngredientIDSetTests {
    @Test func findsEveryIdOfTheIndexAndNoOther() throws {
      // More ids than the smallest table holds, so that it grows and probes past collisions.
      let ids = (0..<40).map { "custom-\($0)" } + ["x", "usda-sr-09003"]
      let index = IngredientIndex(try ids.map { try IngredientFixtures.custom($0, "food \($0)") })
      let set = IngredientIDSet(index)
      for id in ids {
        #expect(Array(id.utf8).withUnsafeBufferPointer(set.contains), "\(id)")
      }
      for absent in ["", "custom", "custom-40", "custom-1 ", "X", "usda-sr-0900", "usda-sr-09003x"] {
        #expect(!Array(absent.utf8).withUnsafeBufferPointer(set.contains), "\(absent)")
      }
    }

    @Test func anEmptyIndexHoldsNothing() {
      let set = IngredientIDSet(IngredientIndex([]))
      #expect(!Array("x1".utf8).withUnsafeBufferPointer(set.contains))
    }
  }
}
