/// The exact partial aggregate of the entries of one local date (manual: architecture): its fixed-size totals and
/// its detail, everything a bucket summary needs, in a form that merges exactly, associatively and
/// commutatively. Nothing here depends on the order the entries were read in.
public struct DayDigest: Sendable, Hashable {
  public var totals: DigestTotals
  public var detail = DigestDetail()

  public init(day: Int32) {
    totals = DigestTotals(day: day)
  }

  public init(totals: DigestTotals, detail: DigestDetail) {
    self.totals = totals
    self.detail = detail
  }

  /// `CivilDate.dayNumber` of the date.
  public var day: Int32 { totals.day }

  /// Adds the entries of `other`, of the same date and digest set; `limit` is the flagged lists'
  /// `DigestRules.reviewLimit`.
  /// - Complexity: O(n) in the lengths of the two digests' lists.
  public mutating func merge(_ other: DayDigest, limit: Int) {
    totals.merge(other.totals)
    detail.merge(other.detail, limit: limit)
  }
}
