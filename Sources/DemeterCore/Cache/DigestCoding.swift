/// The digest cache's encoding of day digests: scalars little-endian, lists as raw arrays of their
/// plain fixed-layout elements (the cache fingerprint covers the program, so layouts match).
extension CacheWriter {
  mutating func appendArray<T: BitwiseCopyable>(_ values: [T]) {
    append(UInt64(values.count))
    values.withUnsafeBytes { append(raw: $0) }
  }

  mutating func append(_ digest: DayDigest) {
    append(digest.day)
    append(UInt64(digest.entries))
    appendArray(digest.sums)
    append(digest.confidenceSum)
    append(digest.confidenceCalories)
    append(digest.lowConfidenceCalories)
    appendArray(digest.confidences)
    appendArray(digest.foods)
    appendArray(digest.meals)
    appendArray([digest.unspecifiedMeal, digest.unmatched])
    appendArray(digest.micronutrients)
    appendArray(digest.ingredients)
    for list in [digest.needsReview, digest.energyInconsistent] {
      append(UInt64(list.count))
      appendArray(list.kept)
    }
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

  /// A digest written by `CacheWriter.append(_:)`, its name codes checked against `nameCount` and
  /// its flagged entries placed in file number `file`.
  mutating func digest(nameCount: Int, file: Int32) throws(CacheFormatError) -> DayDigest {
    var digest = DayDigest(day: try integer(Int32.self))
    digest.entries = try count(UInt64.self, atMost: Int(Int32.max))
    digest.sums = try array(Int128.self)
    guard digest.sums.count == Nutrient.all.count else { throw CacheFormatError("nutrient count") }
    digest.confidenceSum = try integer(Int128.self)
    digest.confidenceCalories = try integer(Int128.self)
    digest.lowConfidenceCalories = try integer(Int128.self)
    digest.confidences = try array(ConfidenceCount.self)
    digest.foods = try array(Tally.self)
    digest.meals = try array(Tally.self)
    let unspecified = try array(Tally.self)
    guard unspecified.count == 2 else { throw CacheFormatError("unspecified tallies") }
    (digest.unspecifiedMeal, digest.unmatched) = (unspecified[0], unspecified[1])
    digest.micronutrients = try array(Tally.self)
    digest.ingredients = try array(IngredientTally.self)
    digest.needsReview = try flagged(atMost: digest.entries, file: file)
    digest.energyInconsistent = try flagged(atMost: digest.entries, file: file)
    let codes = [digest.foods, digest.meals, digest.micronutrients].joined().map(\.code)
      + digest.ingredients.map(\.code)
    guard codes.allSatisfy({ $0 >= 0 && Int($0) < nameCount }) else { throw CacheFormatError("name code") }
    return digest
  }

  private mutating func flagged(atMost entries: Int, file: Int32) throws(CacheFormatError) -> FlaggedCandidates {
    let total = try count(UInt64.self, atMost: entries)
    var kept = try array(FlaggedCandidate.self)
    guard kept.count <= total else { throw CacheFormatError("flagged entries") }
    for index in kept.indices { kept[index].file = file }
    return FlaggedCandidates(count: total, kept: kept)
  }
}
