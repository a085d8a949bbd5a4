import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Sums kept 64 bits wide and flushed every 256 entries against adding each entry to 128-bit sums.
@Suite struct PendingNutrientSumsTests {
  /// Random amounts: mostly everyday ones, some near and past 2⁵⁵, some at the 64-bit extremes.
  static func randomAmounts(_ random: inout SplitMix64) -> NutrientAmounts {
    var amounts = NutrientAmounts()
    for ordinal in 0..<NutrientAmounts.capacity {
      let value: Int64
      switch random.next() % 10 {
      case 0: value = Int64(bitPattern: random.next())
      case 1: value = (1 << 55) - Int64(random.next() % 3)
      case 2: value = -(1 << 55) + Int64(random.next() % 3) - 1
      case 3: value = random.next() % 2 == 0 ? .max : .min + 1
      default: value = Int64(random.next() % 5_000_000_000_000)
      }
      amounts[ordinal: ordinal] = value
    }
    return amounts
  }

  @Test(arguments: [false, true], [0, 1, 255, 256, 257, 3_000])
  func pendingSumsEqualAddingEachEntry(withLargeAmounts: Bool, entries: Int) {
    var random = SplitMix64(seed: UInt64(entries) + (withLargeAmounts ? 1 << 32 : 0))
    var reference = [Int128](repeating: 0, count: Nutrient.all.count)
    var sums = NutrientSums()
    var pending = PendingNutrientSums()
    for _ in 0..<entries {
      var amounts = Self.randomAmounts(&random)
      if !withLargeAmounts {
        for ordinal in 0..<NutrientAmounts.capacity { amounts[ordinal: ordinal] %= 1 << 54 }
      }
      for ordinal in reference.indices { reference[ordinal] += Int128(amounts[ordinal: ordinal]) }
      pending.add(amounts, flushingInto: &sums)
    }
    pending.flush(into: &sums)
    #expect(Array(sums) == reference)
  }

  @Test func fitsPendingSumAtTheBounds() {
    var amounts = NutrientAmounts()
    #expect(amounts.fitsPendingSum)
    amounts[ordinal: 3] = (1 << 55) - 1
    #expect(amounts.fitsPendingSum)
    amounts[ordinal: 3] = 1 << 55
    #expect(!amounts.fitsPendingSum)
    amounts[ordinal: 3] = -(1 << 55)
    #expect(amounts.fitsPendingSum)
    amounts[ordinal: 3] = -(1 << 55) - 1
    #expect(!amounts.fitsPendingSum)
  }
}
