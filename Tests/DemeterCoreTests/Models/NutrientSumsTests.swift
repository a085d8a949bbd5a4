import Testing

@testable import DemeterCore

/// `NutrientSums` holds any 128-bit sum in each nutrient's place, independently of the others, and
/// has a place for every nutrient.
@Suite struct NutrientSumsTests {
  static let values: [Int128] = [
    0, 1, -1, Int128(Int64.max), Int128(Int64.min), Int128(UInt64.max), -Int128(UInt64.max), 1 << 64, -(1 << 64),
    Int128.max, Int128.min, 123_456_789_012_345_678_901_234_567,
  ]

  @Test func everySumReadsBackAsWrittenWithoutTouchingTheOthers() {
    #expect(Nutrient.all.count <= NutrientAmounts.capacity)
    var sums = NutrientSums()
    #expect(sums.count == Nutrient.all.count)
    #expect(sums.allSatisfy { $0 == 0 })
    var reference = [Int128](repeating: 0, count: Nutrient.all.count)
    for (step, value) in Self.values.enumerated() {
      for ordinal in sums.indices {
        let written = ordinal.isMultiple(of: 2) ? value : Self.values[(step + ordinal) % Self.values.count]
        sums[ordinal] = written
        reference[ordinal] = written
        #expect(Array(sums) == reference)
      }
    }
    var copy = sums
    copy[0] = copy[0] == 0 ? 1 : 0
    #expect(copy != sums)
  }
}
