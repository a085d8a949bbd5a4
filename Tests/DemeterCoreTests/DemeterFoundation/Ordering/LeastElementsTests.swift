import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The first elements in order, kept a few at a time, against a stable sort of them all.
@Suite struct LeastElementsTests {
  @Test func theLeastAreTheStableSortsFirst() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      // Pairs ordered by their first value only, so ties show whether the order is stable.
      let items = (0..<Int.random(in: 0...40, using: &generator)).map { position in
        (key: Int.random(in: 0...8, using: &generator), position: position)
      }
      let count = Int.random(in: 0...45, using: &generator)
      let least = items.least(count) { $0.key < $1.key }
      let reference = items.sorted { $0.key < $1.key }.prefix(count)
      #expect(least.map(\.position) == reference.map(\.position), "\(items) \(count)")
    }
  }
}
