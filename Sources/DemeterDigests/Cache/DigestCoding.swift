import DemeterJournal

/// The digest index's encoding of digests: varints throughout, sorted lists as increasing deltas of
/// their keys (so a decoded list is sorted by construction), id hashes as raw 64-bit words.
extension CacheWriter {
  package mutating func append(_ totals: DigestTotals) {
    appendSigned(totals.day)
    for count in [totals.entries, totals.lowConfidenceEntries, totals.highConfidenceEntries] {
      appendVarint(Int(count))
    }
    appendSigned(totals.lowestConfidence)
    appendSigned(totals.highestConfidence)
    appendVarint(Int(totals.needsReview))
    appendVarint(Int(totals.energyInconsistent))
    for sum in totals.sums { appendSigned(sum) }
    appendSigned(totals.confidenceSum)
    appendSigned(totals.confidenceCalories)
    appendSigned(totals.lowConfidenceCalories)
  }

  package mutating func append(_ detail: DigestDetail) {
    appendVarint(detail.confidences.count)
    var previous: Int32 = -1
    for item in detail.confidences {
      appendVarint(Int(item.value - previous - 1))
      appendVarint(Int(item.entries))
      previous = item.value
    }
    for list in [detail.foods, detail.meals, detail.micronutrients] { appendTallies(list) }
    for tally in [detail.unspecifiedMeal, detail.unmatched] {
      appendVarint(Int(tally.entries))
      appendSigned(tally.amount)
    }
    appendVarint(detail.ingredients.count)
    previous = -1
    for tally in detail.ingredients {
      appendVarint(Int(tally.code - previous - 1))
      appendVarint(Int(tally.calories.entries))
      appendSigned(tally.calories.amount)
      appendSigned(tally.confidence)
      previous = tally.code
    }
    for list in [detail.needsReview, detail.energyInconsistent] {
      appendVarint(list.count)
      for candidate in list {
        appendSigned(candidate.day)
        appendSigned(candidate.secondOfDay)
        appendSigned(candidate.file)
        appendSigned(candidate.line)
        append(candidate.reasons.rawValue)
        appendSigned(Int128(candidate.offset))
      }
    }
  }

  /// `detail` as a digest index and a digest file keep it: `append(_:)`, then its breakdown.
  mutating func appendIndexed(_ detail: DigestDetail) {
    append(detail)
    append(detail.breakdown)
  }

  /// Breakdown tallies sorted by code: their count, then each as its code's step from the one
  /// before, its entries and its sums in `BreakdownTally.nutrients` order.
  mutating func append(_ breakdown: [BreakdownTally]) {
    appendVarint(breakdown.count)
    var previous: Int32 = -2
    for tally in breakdown {
      appendVarint(Int(tally.code - previous - 1))
      appendVarint(Int(tally.entries))
      for position in BreakdownTally.nutrients.indices { appendSigned(tally[sumAt: position]) }
      previous = tally.code
    }
  }

  private mutating func appendTallies(_ tallies: [Tally]) {
    appendVarint(tallies.count)
    var previous: Int32 = -1
    for tally in tallies {
      appendVarint(Int(tally.code - previous - 1))
      appendVarint(Int(tally.entries))
      appendSigned(tally.amount)
      previous = tally.code
    }
  }

  mutating func appendHashes(_ hashes: [UInt64]) {
    appendVarint(hashes.count)
    for hash in hashes { append(hash) }
  }
}

extension CacheReader {
  /// Totals written by `CacheWriter.append(_:)`.
  package mutating func totals() throws(CacheFormatError) -> DigestTotals {
    var totals = DigestTotals(day: try signed(Int32.self))
    totals.entries = try signed32Count()
    totals.lowConfidenceEntries = try signed32Count()
    totals.highConfidenceEntries = try signed32Count()
    totals.lowestConfidence = try signed(Int32.self)
    totals.highestConfidence = try signed(Int32.self)
    totals.needsReview = try signed32Count()
    totals.energyInconsistent = try signed32Count()
    for index in totals.sums.indices { totals.sums[index] = try signed() }
    totals.confidenceSum = try signed()
    totals.confidenceCalories = try signed()
    totals.lowConfidenceCalories = try signed()
    let largestCount = max(
      totals.lowConfidenceEntries, totals.highConfidenceEntries, totals.needsReview, totals.energyInconsistent)
    guard largestCount <= totals.entries else { throw CacheFormatError("entry counts") }
    return totals
  }

  private mutating func signed32Count() throws(CacheFormatError) -> Int32 {
    Int32(try varintCount(atMost: Int(Int32.max)))
  }

  /// A detail written by `CacheWriter.append(_:)`, its name codes checked against `nameCount` and
  /// its flagged entries placed in file number `file` (nil: as stored, checked against `fileCount`).
  package mutating func detail(nameCount: Int, file: Int32?, fileCount: Int = 0) throws(CacheFormatError) -> DigestDetail {
    var detail = DigestDetail()
    let codeLimit = Int32(clamping: nameCount)
    var count = try varintCount(atMost: remaining / 2)
    try claim(count, of: ConfidenceCount.self)
    var previous: Int32 = -1
    detail.confidences.reserveCapacity(count)
    for _ in 0..<count {
      previous = try next(after: previous, below: Int32.max)
      detail.confidences.append(ConfidenceCount(value: previous, entries: try signed32Count()))
    }
    detail.foods = try tallies(below: codeLimit)
    detail.meals = try tallies(below: codeLimit)
    detail.micronutrients = try tallies(below: codeLimit)
    detail.unspecifiedMeal = Tally(code: -1, entries: try signed32Count(), amount: try signed())
    detail.unmatched = Tally(code: -1, entries: try signed32Count(), amount: try signed())
    count = try varintCount(atMost: remaining / 4)
    try claim(count, of: IngredientTally.self)
    previous = -1
    detail.ingredients.reserveCapacity(count)
    for _ in 0..<count {
      previous = try next(after: previous, below: codeLimit)
      detail.ingredients.append(
        IngredientTally(code: previous, entries: try signed32Count(), calories: try signed(), confidence: try signed()))
    }
    detail.needsReview = try candidates()
    detail.energyInconsistent = try candidates()
    if let file {
      detail.placeFlagged { _ in file }
    } else if !(detail.needsReview + detail.energyInconsistent).allSatisfy({ 0..<Int32(fileCount) ~= $0.file }) {
      throw CacheFormatError("file index")
    }
    return detail
  }

  /// A detail written by `CacheWriter.appendIndexed(_:)`, as `detail(nameCount:file:fileCount:)`
  /// reads it.
  mutating func indexedDetail(nameCount: Int, file: Int32?, fileCount: Int = 0) throws(CacheFormatError) -> DigestDetail {
    var detail = try detail(nameCount: nameCount, file: file, fileCount: fileCount)
    detail.breakdown = try breakdownTallies(nameCount: nameCount)
    return detail
  }

  /// Breakdown tallies written by `CacheWriter.append(_:)`, their codes below `nameCount`.
  mutating func breakdownTallies(nameCount: Int) throws(CacheFormatError) -> [BreakdownTally] {
    let count = try varintCount(atMost: remaining / (2 + BreakdownTally.nutrients.count))
    try claim(count, of: BreakdownTally.self)
    var previous: Int32 = -2
    var tallies: [BreakdownTally] = []
    tallies.reserveCapacity(count)
    for _ in 0..<count {
      previous = try next(after: previous, below: Int32(clamping: nameCount))
      var tally = BreakdownTally(code: previous)
      tally.entries = try signed32Count()
      for position in BreakdownTally.nutrients.indices { tally[sumAt: position] = try signed(Int128.self) }
      tallies.append(tally)
    }
    return tallies
  }

  /// The key after `previous` in an increasing list, below `limit`.
  private mutating func next(after previous: Int32, below limit: Int32) throws(CacheFormatError) -> Int32 {
    if let delta = varint64(maxBytes: 5) {
      let next = Int64(previous) + 1 + Int64(delta)
      guard next < Int64(limit) else { throw CacheFormatError("key out of range") }
      return Int32(next)
    }
    let delta = try varint(maxBytes: 5)
    guard delta < UInt128(limit), Int128(previous) + 1 + Int128(delta) < Int128(limit) else {
      throw CacheFormatError("key out of range")
    }
    return previous + 1 + Int32(delta)
  }

  private mutating func tallies(below limit: Int32) throws(CacheFormatError) -> [Tally] {
    let count = try varintCount(atMost: remaining / 3)
    try claim(count, of: Tally.self)
    var tallies: [Tally] = []
    tallies.reserveCapacity(count)
    var previous: Int32 = -1
    for _ in 0..<count {
      previous = try next(after: previous, below: limit)
      tallies.append(Tally(code: previous, entries: try signed32Count(), amount: try signed()))
    }
    return tallies
  }

  private mutating func candidates() throws(CacheFormatError) -> [FlaggedCandidate] {
    let count = try varintCount(atMost: remaining / 6)
    try claim(count, of: FlaggedCandidate.self)
    var list: [FlaggedCandidate] = []
    list.reserveCapacity(count)
    for _ in 0..<count {
      list.append(
        FlaggedCandidate(
          day: try signed(Int32.self), secondOfDay: try signed(Int32.self), file: try signed(Int32.self),
          line: try signed(Int32.self), reasons: ReviewReasons(rawValue: try integer(UInt8.self)),
          offset: try signed(Int64.self)))
    }
    guard zip(list, list.dropFirst()).allSatisfy({ $0 < $1 }) else { throw CacheFormatError("flagged order") }
    return list
  }

  package mutating func hashes() throws(CacheFormatError) -> [UInt64] {
    let count = try varintCount(atMost: remaining / 8)
    return try (0..<count).map { _ throws(CacheFormatError) in try integer(UInt64.self) }
  }
}
