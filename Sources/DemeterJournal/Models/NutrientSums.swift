/// Exact sums of every nutrient, in billionths, by `Nutrient.ordinal`. Fixed-size (room for
/// `NutrientAmounts.capacity` nutrients, each sum kept as its high and low 64 bits), so the totals
/// of a day allocate nothing: a journal's index holds hundreds of thousands of them.
public struct NutrientSums: Sendable, Hashable, BitwiseCopyable, RandomAccessCollection, MutableCollection {
  @usableFromInline var low = SIMD8<UInt64>()
  @usableFromInline var high = SIMD8<Int64>()

  /// Every sum zero.
  public init() {}

  public var startIndex: Int { 0 }
  public var endIndex: Int { Nutrient.all.count }

  public subscript(ordinal: Int) -> Int128 {
    get { Int128(high[ordinal]) << 64 | Int128(low[ordinal]) }
    set {
      low[ordinal] = UInt64(truncatingIfNeeded: newValue)
      high[ordinal] = Int64(truncatingIfNeeded: newValue >> 64)
    }
  }

  /// Adds `other`'s sums place by place, all places at once. Sums of a journal's amounts stay far
  /// below 2¹²⁷ (each amount is below 2⁶³ billionths, and there are fewer than 2³² of them).
  @inlinable public static func += (sums: inout NutrientSums, other: NutrientSums) {
    let low = sums.low &+ other.low
    let carries = SIMD8<Int64>().replacing(with: 1, where: low .< sums.low)
    sums.high = sums.high &+ other.high &+ carries
    sums.low = low
  }
}
