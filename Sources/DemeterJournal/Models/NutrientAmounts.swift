/// One entry's amount of every nutrient, in billionths, by `Nutrient.ordinal`. Fixed-size (room for
/// `capacity` nutrients), so reading an entry allocates nothing.
public struct NutrientAmounts: Sendable, Hashable, BitwiseCopyable {
  /// How many nutrients fit; `Nutrient.all` must not list more.
  public static let capacity = 8
  @usableFromInline var storage = SIMD8<Int64>()

  public init() {}

  /// Each nutrient's amount as `amount` gives it.
  public init(_ amount: (Nutrient) -> Int64) {
    for nutrient in Nutrient.all { storage[nutrient.ordinal] = amount(nutrient) }
  }

  @inline(__always)
  public subscript(nutrient: Nutrient) -> Int64 {
    get { storage[nutrient.ordinal] }
    set { storage[nutrient.ordinal] = newValue }
  }

  public subscript(ordinal ordinal: Int) -> Int64 {
    get { storage[ordinal] }
    set { storage[ordinal] = newValue }
  }

  /// The amounts as one vector, by ordinal.
  package var lanes: SIMD8<Int64> { storage }

  /// Whether every amount is at least -2⁵⁵ and below 2⁵⁵, so that 256 of them add up in 64 bits.
  /// (Lane by lane into one word: comparing vectors reduces them through memory.)
  @inlinable @inline(__always)
  package var fitsPendingSum: Bool {
    var outside: UInt64 = 0
    for ordinal in 0..<Self.capacity { outside |= UInt64(bitPattern: storage[ordinal] &+ (1 << 55)) }
    return outside >> 56 == 0
  }

  /// Whether no amount is negative.
  @inline(__always)
  var noneNegative: Bool {
    var signs: Int64 = 0
    for ordinal in 0..<Self.capacity { signs |= storage[ordinal] }
    return signs >= 0
  }

  /// 4·protein + 4·carbohydrates + 9·fat (`Nutrient.kcalPerGram`), in billionths of a kcal.
  @inlinable package var macroEnergy: Int128 { macroEnergy(factors: Self.kcalPerGram) }

  /// The macronutrient energy with `factors` = `kcalPerGram` (passed by callers that hold it, so
  /// that a hot loop does not go through the global's lazy start).
  @inlinable @inline(__always)
  package func macroEnergy(factors: SIMD8<Int64>) -> Int128 {
    // Amounts from -2⁵⁵ to below 2⁵⁵ (36 million units) cannot overflow 64 bits (Σ factors < 2⁷):
    // the usual case, in one vector pass.
    if fitsPendingSum { return Int128((factors &* storage).wrappedSum()) }
    var wide: Int128 = 0
    for ordinal in 0..<Self.capacity { wide += Int128(factors[ordinal]) * Int128(storage[ordinal]) }
    return wide
  }

  /// `Nutrient.kcalPerGram` by ordinal (0 where it does not apply).
  @usableFromInline package static let kcalPerGram: SIMD8<Int64> = {
    precondition(Nutrient.all.count <= capacity, "NutrientAmounts holds at most \(capacity) nutrients")
    var factors = SIMD8<Int64>()
    for nutrient in Nutrient.all { factors[nutrient.ordinal] = Int64(nutrient.kcalPerGram ?? 0) }
    precondition(factors.wrappedSum() < 128, "the 64-bit energy pass needs Σ kcal per gram < 2⁷")
    return factors
  }()
}
