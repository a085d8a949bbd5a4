import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

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

  /// Adding sums place by place at once equals adding each place's 128-bit value, carries from the
  /// low half included, for sums of either sign below 2¹²⁶.
  @Test func addingEqualsAddingEachPlace() {
    var random = SplitMix64(seed: 91)
    func randomSum() -> Int128 {
      let magnitude = Int128(random.next() >> UInt64.random(in: 0...62, using: &random))
        << Int.random(in: 0...62, using: &random)
      let nearCarry = Int128(UInt64.max - random.next() % 3)
      let value = Int.random(in: 0..<4, using: &random) == 0 ? nearCarry : magnitude
      return random.next().isMultiple(of: 2) ? value : -value
    }
    for _ in 0..<2_000 {
      var (sums, other) = (NutrientSums(), NutrientSums())
      for ordinal in sums.indices {
        sums[ordinal] = randomSum()
        other[ordinal] = randomSum()
      }
      let expected = sums.indices.map { sums[$0] + other[$0] }
      sums += other
      #expect(Array(sums) == expected)
    }
  }
}
