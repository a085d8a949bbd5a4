import DemeterJournal

/// Nutrient amounts summed 64 bits wide, a vector at a time, for up to 256 entries whose amounts
/// are below 2⁵⁵ in magnitude (so no lane can overflow), then added to the exact 128-bit sums:
/// the same sums as adding each entry to them, with one vector add per entry instead of one
/// checked 128-bit add per nutrient.
package struct PendingNutrientSums {
  private var lanes = SIMD8<Int64>()
  private var count = 0
  private static let mostPending = 256

  /// Adds `amounts`; straight to `sums` when they are too large to wait.
  @inline(__always)
  package mutating func add(_ amounts: NutrientAmounts, flushingInto sums: inout NutrientSums) {
    guard amounts.fitsPendingSum else {
      for ordinal in sums.indices { sums[ordinal] += Int128(amounts[ordinal: ordinal]) }
      return
    }
    if count == Self.mostPending { flush(into: &sums) }
    lanes &+= amounts.lanes
    count += 1
  }

  /// Adds what is pending to `sums` and starts again from zero.
  package mutating func flush(into sums: inout NutrientSums) {
    for ordinal in sums.indices { sums[ordinal] += Int128(lanes[ordinal]) }
    lanes = SIMD8()
    count = 0
  }
}
