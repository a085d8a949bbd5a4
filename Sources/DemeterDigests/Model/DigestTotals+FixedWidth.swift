import DemeterJournal

/// A date's totals at a fixed width, for the digest index's head (`DigestIndex`): eight 32-bit
/// values (date, entry counts, lowest and highest confidence, review and energy counts), then the
/// nutrient sums and the three confidence sums as 128-bit values, all little-endian. A report of
/// totals reads a year of dates with a few loads each instead of eighteen varints each.
extension DigestTotals {
  /// The bytes of one date's totals.
  static let fixedWidth = 8 * 4 + (Nutrient.all.count + 3) * 16
}

extension CacheWriter {
  /// `totals` in `DigestTotals.fixedWidth` bytes.
  mutating func appendFixedWidth(_ totals: DigestTotals) {
    append(totals.day)
    append(totals.entries)
    append(totals.lowConfidenceEntries)
    append(totals.highConfidenceEntries)
    append(totals.lowestConfidence)
    append(totals.highestConfidence)
    append(totals.needsReview)
    append(totals.energyInconsistent)
    for sum in totals.sums { append(sum) }
    append(totals.confidenceSum)
    append(totals.confidenceCalories)
    append(totals.lowConfidenceCalories)
  }
}

extension CacheReader {
  /// Totals written by `CacheWriter.appendFixedWidth(_:)`, their counts checked as `totals()` does.
  mutating func fixedWidthTotals() throws(CacheFormatError) -> DigestTotals {
    let raw = try bytes(DigestTotals.fixedWidth)
    func small(_ index: Int) -> Int32 {
      Int32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: Int32.self))
    }
    func wide(_ index: Int) -> Int128 {
      Int128(littleEndian: raw.loadUnaligned(fromByteOffset: 32 + index * 16, as: Int128.self))
    }
    var totals = DigestTotals(day: small(0))
    totals.entries = small(1)
    (totals.lowConfidenceEntries, totals.highConfidenceEntries) = (small(2), small(3))
    (totals.lowestConfidence, totals.highestConfidence) = (small(4), small(5))
    (totals.needsReview, totals.energyInconsistent) = (small(6), small(7))
    for index in totals.sums.indices { totals.sums[index] = wide(index) }
    let count = totals.sums.count
    (totals.confidenceSum, totals.confidenceCalories, totals.lowConfidenceCalories) =
      (wide(count), wide(count + 1), wide(count + 2))
    let (low, high) = (totals.lowConfidenceEntries, totals.highConfidenceEntries)
    let (review, energy) = (totals.needsReview, totals.energyInconsistent)
    guard min(low, high, review, energy) >= 0, max(low, high, review, energy) <= totals.entries else {
      throw CacheFormatError("entry counts")
    }
    return totals
  }
}
