import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct RadixSortTests {
  @Test(arguments: [0, 1, 100, 2047, 2048, 5000, 70_000])
  func sortsLikeTheStandardSort(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    let confidences = (0..<count).map { _ in Int64(random.next() % 1_000_000_001) }
    #expect(RadixSort.sorted(confidences) == confidences.sorted())
    let fewDistinct = (0..<count).map { _ in Int64(random.next() % 7) * 100_000_000 }
    #expect(RadixSort.sorted(fewDistinct) == fewDistinct.sorted())
  }

  @Test func valuesOutsideItsRangeUseTheStandardSort() {
    var random = SplitMix64(seed: 9)
    let mixed = (0..<5000).map { _ in Int64(bitPattern: random.next()) }
    #expect(RadixSort.sorted(mixed) == mixed.sorted())
  }
}
