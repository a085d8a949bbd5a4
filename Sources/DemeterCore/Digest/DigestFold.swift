/// Day digests folded as files are read, for a load that keeps no date's detail: every date's
/// totals and every month's merged detail.
struct DigestFold {
  var totals: [Int32: DigestTotals] = [:]
  private var pending: [MonthKey: DetailMergeStack] = [:]
  let limit: Int
  /// Whether months' details are merged (else only totals are kept).
  let keepsDetail: Bool

  /// A fold under the rules' `reviewLimit`.
  init(limit: Int, keepsDetail: Bool = true) {
    self.limit = limit
    self.keepsDetail = keepsDetail
  }

  /// Every month's merged detail.
  var months: [MonthKey: DigestDetail] { pending.mapValues(\.merged) }

  /// Adds a file's digests (of this fold's names).
  mutating func add(_ days: [DayDigest]) {
    for day in days {
      totals[day.day, default: DigestTotals(day: day.day)].merge(day.totals)
      if keepsDetail { pending[MonthKey(day.totals.date), default: DetailMergeStack(limit: limit)].push(day.detail) }
    }
  }

  /// Adds another fold whose names map to this one's through `mapping` (old code → new code).
  mutating func add(_ other: DigestFold, names mapping: [Int32]) {
    for (day, dayTotals) in other.totals {
      totals[day, default: DigestTotals(day: day)].merge(dayTotals)
    }
    for (month, detail) in other.months {
      var detail = detail
      detail.recode(names: mapping)
      pending[month, default: DetailMergeStack(limit: limit)].push(detail)
    }
  }
}
