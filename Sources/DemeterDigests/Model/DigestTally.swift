/// An exact `Int128` sum stored as two 64-bit halves, so lists of tallies keep an 8-byte alignment
/// (an `Int128` field would pad each element to 16 bytes).
public struct PackedSum: Sendable, Hashable, BitwiseCopyable {
  private var low: UInt64
  private var high: Int64

  public init(_ value: Int128 = 0) {
    low = UInt64(truncatingIfNeeded: value)
    high = Int64(truncatingIfNeeded: value >> 64)
  }

  public var value: Int128 {
    get { Int128(high) << 64 | Int128(low) }
    set { self = PackedSum(newValue) }
  }
}

/// A count and an exact sum for one name of a digest (a food, meal, micronutrient or ingredient),
/// the name given as a code into the digest set's `names`. 24 bytes.
public struct Tally: Sendable, Hashable, BitwiseCopyable {
  public var code: Int32
  public var entries: Int32
  private var sum: PackedSum

  public init(code: Int32, entries: Int32 = 0, amount: Int128 = 0) {
    self.code = code
    self.entries = entries
    sum = PackedSum(amount)
  }

  /// The exact sum, in billionths.
  public var amount: Int128 {
    get { sum.value }
    set { sum.value = newValue }
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
  private var confidenceSum: PackedSum

  public init(code: Int32, entries: Int32 = 0, calories: Int128 = 0, confidence: Int128 = 0) {
    self.calories = Tally(code: code, entries: entries, amount: calories)
    confidenceSum = PackedSum(confidence)
  }

  public var code: Int32 { calories.code }

  /// The sum of the entries' confidences, in billionths.
  public var confidence: Int128 {
    get { confidenceSum.value }
    set { confidenceSum.value = newValue }
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

  /// How many times each value occurs in `values` (billionths, 0…10⁹), sorted by value.
  /// - Complexity: O(n) when every value has at most three decimals (a count per thousandth),
  ///   else O(n log n).
  package static func counted(_ values: [Int32]) -> [ConfidenceCount] {
    let step: Int32 = 1_000_000
    if values.allSatisfy({ $0 % step == 0 && $0 >= 0 && $0 <= 1000 * step }) {
      var counts = [Int32](repeating: 0, count: 1001)
      for value in values { counts[Int(value / step)] += 1 }
      return counts.indices.compactMap {
        counts[$0] == 0 ? nil : ConfidenceCount(value: Int32($0) * step, entries: counts[$0])
      }
    }
    var counted: [ConfidenceCount] = []
    for value in values.sorted() {
      if counted.last?.value == value {
        counted[counted.count - 1].entries += 1
      } else {
        counted.append(ConfidenceCount(value: value, entries: 1))
      }
    }
    return counted
  }
}

/// Merging of lists sorted by a key, adding the elements with equal keys: exact, associative and
/// commutative, so any grouping of merges gives the same list.
package enum SortedMerge {
  /// The union of `a` and `b` (each sorted by `key`, keys unique), equal keys combined by `add`.
  /// - Complexity: O(a + b).
  package static func merged<Element, Key: Comparable>(
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
