/// A count and an exact sum for one name of a digest (a food, meal, micronutrient or ingredient),
/// the name given as a code into the digest set's `names`.
///
/// The sum is kept as two 64-bit halves so a tally takes 24 bytes, not the 32 an `Int128` field's
/// alignment would make it.
public struct Tally: Sendable, Hashable, BitwiseCopyable {
  public var code: Int32
  public var entries: Int32
  private var low: UInt64
  private var high: Int64

  public init(code: Int32, entries: Int32 = 0, amount: Int128 = 0) {
    self.code = code
    self.entries = entries
    low = UInt64(truncatingIfNeeded: amount)
    high = Int64(truncatingIfNeeded: amount >> 64)
  }

  /// The exact sum, in billionths.
  public var amount: Int128 {
    get { Int128(high) << 64 | Int128(low) }
    set {
      low = UInt64(truncatingIfNeeded: newValue)
      high = Int64(truncatingIfNeeded: newValue >> 64)
    }
  }

  /// Adds another tally of the same name.
  public mutating func add(_ other: Tally) {
    entries += other.entries
    amount += other.amount
  }
}

/// An ingredient's use in a digest: entries, their calories and their confidences.
public struct IngredientTally: Sendable, Hashable, BitwiseCopyable {
  public var calories: Tally
  private var confidenceLow: UInt64
  private var confidenceHigh: Int64

  public init(code: Int32, entries: Int32 = 0, calories: Int128 = 0, confidence: Int128 = 0) {
    self.calories = Tally(code: code, entries: entries, amount: calories)
    confidenceLow = UInt64(truncatingIfNeeded: confidence)
    confidenceHigh = Int64(truncatingIfNeeded: confidence >> 64)
  }

  public var code: Int32 { calories.code }

  /// The sum of the entries' confidences, in billionths.
  public var confidence: Int128 {
    get { Int128(confidenceHigh) << 64 | Int128(confidenceLow) }
    set {
      confidenceLow = UInt64(truncatingIfNeeded: newValue)
      confidenceHigh = Int64(truncatingIfNeeded: newValue >> 64)
    }
  }

  public mutating func add(_ other: IngredientTally) {
    calories.add(other.calories)
    confidence += other.confidence
  }
}

/// How many entries have one exact confidence value (billionths, 0…10⁹).
public struct ConfidenceCount: Sendable, Hashable, BitwiseCopyable {
  public var value: Int32
  public var entries: Int32

  public init(value: Int32, entries: Int32) {
    self.value = value
    self.entries = entries
  }
}

/// Merging of lists sorted by a key, adding the elements with equal keys: exact, associative and
/// commutative, so any grouping of merges gives the same list.
enum SortedMerge {
  /// The union of `a` and `b` (each sorted by `key`, keys unique), equal keys combined by `add`.
  /// - Complexity: O(a + b).
  static func merged<Element, Key: Comparable>(
    _ a: [Element], _ b: [Element], key: (Element) -> Key, add: (inout Element, Element) -> Void
  ) -> [Element] {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    var result: [Element] = []
    result.reserveCapacity(max(a.count, b.count))
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      let (keyA, keyB) = (key(a[i]), key(b[j]))
      if keyA < keyB {
        result.append(a[i])
        i += 1
      } else if keyB < keyA {
        result.append(b[j])
        j += 1
      } else {
        var combined = a[i]
        add(&combined, b[j])
        result.append(combined)
        i += 1
        j += 1
      }
    }
    result += a[i...]
    result += b[j...]
    return result
  }
}
