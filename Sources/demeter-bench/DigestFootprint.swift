import DemeterCore

/// The bytes a journal's day digests hold, counted from their public lists: element size × count,
/// plus the names they refer to. Array capacity slack and allocator overhead are not counted (the
/// RSS figures include them).
struct DigestFootprint: Sendable {
  /// Totals (their sums held in place), confidence distributions, tallies and flagged-entry
  /// locations of every day.
  var digestBytes: Int
  /// Food, meal, micronutrient and ingredient names (payload + a 16-byte `String` each).
  var nameBytes: Int

  var totalBytes: Int { digestBytes + nameBytes }

  /// - Complexity: O(days + names).
  init(_ digests: JournalDigests) {
    func bytes<Element>(_ list: [Element]) -> Int { list.count * MemoryLayout<Element>.stride }
    func bytes(_ detail: DigestDetail) -> Int {
      let tallies = bytes(detail.foods) + bytes(detail.meals) + bytes(detail.micronutrients) + bytes(detail.ingredients)
      return bytes(detail.confidences) + tallies + bytes(detail.needsReview) + bytes(detail.energyInconsistent)
    }
    digestBytes = digests.dayDigests.reduce(0) { total, day in
      total + MemoryLayout<DayDigest>.stride + bytes(day.detail)
    }
    nameBytes = digests.names.strings.reduce(0) { $0 + $1.utf8.count + MemoryLayout<String>.stride }
  }
}
