import DemeterFoundation

/// A quick test of whether an ingredient id may have alcohol (the energy check's 7 kcal per gram,
/// the manual's `reports` topic): a Bloom filter over the hashes of the ids that have some, so that a report without
/// detail looks up the ingredient of a matched entry only when the filter lets it through.
@usableFromInline package struct AlcoholIDFilter: Sendable {
  @usableFromInline var words: [UInt64]
  private let mask: UInt64

  /// The filter of `ids` (those of the ingredients with alcohol).
  package init(ids: some Collection<String>) {
    // About 32 bits an id: with two bits set for each, under 1 % of other ids pass.
    var wordCount = 64
    while wordCount * 2 < ids.count { wordCount *= 2 }
    words = [UInt64](repeating: 0, count: wordCount)
    mask = UInt64(wordCount * 64 - 1)
    for id in ids {
      var id = id
      let (first, second) = id.withUTF8 { positions(of: $0) }
      words[first >> 6] |= 1 << UInt64(first & 63)
      words[second >> 6] |= 1 << UInt64(second & 63)
    }
  }

  /// False when no ingredient with alcohol has the id `bytes`.
  @inlinable @inline(__always)
  package func mayContain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let (first, second) = positions(of: bytes)
    return words[first >> 6] & 1 << UInt64(first & 63) != 0
      && words[second >> 6] & 1 << UInt64(second & 63) != 0
  }

  @inline(__always)
  @usableFromInline func positions(of bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
    let hash = ShortHash.hash(bytes)
    return (Int(truncatingIfNeeded: hash & mask), Int(truncatingIfNeeded: (hash >> 32) & mask))
  }
}
