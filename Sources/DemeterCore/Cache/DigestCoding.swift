/// The digest cache's encoding of day digests: scalars little-endian, lists as raw arrays of their
/// plain fixed-layout elements (the cache fingerprint covers the program, so layouts match).
extension CacheWriter {
  mutating func appendArray<T: BitwiseCopyable>(_ values: [T]) {
    append(UInt64(values.count))
    values.withUnsafeBytes { append(raw: $0) }
  }

  mutating func append(_ totals: DigestTotals) {
    for value in [
      totals.day, totals.entries, totals.lowConfidenceEntries, totals.highConfidenceEntries,
      totals.lowestConfidence, totals.highestConfidence, totals.needsReview, totals.energyInconsistent,
    ] {
      append(value)
    }
    appendArray(totals.sums)
    append(totals.confidenceSum)
    append(totals.confidenceCalories)
    append(totals.lowConfidenceCalories)
  }

  mutating func append(_ detail: DigestDetail) {
    appendArray(detail.confidences)
    appendArray(detail.foods)
    appendArray(detail.meals)
    appendArray([detail.unspecifiedMeal, detail.unmatched])
    appendArray(detail.micronutrients)
    appendArray(detail.ingredients)
    appendArray(detail.needsReview)
    appendArray(detail.energyInconsistent)
  }
}

extension CacheReader {
  mutating func array<T: BitwiseCopyable>(_: T.Type = T.self) throws(CacheFormatError) -> [T] {
    let count = try count(UInt64.self, atMost: remaining / MemoryLayout<T>.stride)
    let raw = try bytes(count * MemoryLayout<T>.stride)
    guard count > 0 else { return [] }
    return [T](unsafeUninitializedCapacity: count) { storage, initialized in
      UnsafeMutableRawBufferPointer(storage).copyMemory(from: raw)
      initialized = count
    }
  }

  /// Totals written by `CacheWriter.append(_:)`.
  mutating func totals() throws(CacheFormatError) -> DigestTotals {
    var totals = DigestTotals(day: try integer(Int32.self))
    totals.entries = try integer(Int32.self)
    totals.lowConfidenceEntries = try integer(Int32.self)
    totals.highConfidenceEntries = try integer(Int32.self)
    totals.lowestConfidence = try integer(Int32.self)
    totals.highestConfidence = try integer(Int32.self)
    totals.needsReview = try integer(Int32.self)
    totals.energyInconsistent = try integer(Int32.self)
    totals.sums = try array(Int128.self)
    guard totals.sums.count == Nutrient.all.count else { throw CacheFormatError("nutrient count") }
    totals.confidenceSum = try integer(Int128.self)
    totals.confidenceCalories = try integer(Int128.self)
    totals.lowConfidenceCalories = try integer(Int128.self)
    let counts = [totals.lowConfidenceEntries, totals.highConfidenceEntries, totals.needsReview, totals.energyInconsistent]
    guard totals.entries >= 0, counts.allSatisfy({ 0...totals.entries ~= $0 }) else {
      throw CacheFormatError("entry counts")
    }
    return totals
  }

  /// A detail written by `CacheWriter.append(_:)`, its name codes checked against `nameCount` and
  /// its flagged entries placed in file number `file` (nil: as stored, checked against `fileCount`).
  mutating func detail(nameCount: Int, file: Int32?, fileCount: Int = 0) throws(CacheFormatError) -> DigestDetail {
    var detail = DigestDetail()
    detail.confidences = try array(ConfidenceCount.self)
    detail.foods = try array(Tally.self)
    detail.meals = try array(Tally.self)
    let unspecified = try array(Tally.self)
    guard unspecified.count == 2 else { throw CacheFormatError("unspecified tallies") }
    (detail.unspecifiedMeal, detail.unmatched) = (unspecified[0], unspecified[1])
    detail.micronutrients = try array(Tally.self)
    detail.ingredients = try array(IngredientTally.self)
    detail.needsReview = try array(FlaggedCandidate.self)
    detail.energyInconsistent = try array(FlaggedCandidate.self)
    let codes = [detail.foods, detail.meals, detail.micronutrients].joined().map(\.code)
      + detail.ingredients.map(\.code)
    guard codes.allSatisfy({ $0 >= 0 && Int($0) < nameCount }) else { throw CacheFormatError("name code") }
    if let file {
      detail.placeFlagged { _ in file }
    } else if !(detail.needsReview + detail.energyInconsistent).allSatisfy({ 0..<Int32(fileCount) ~= $0.file }) {
      throw CacheFormatError("file index")
    }
    return detail
  }
}
