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

  /// Every month's merged detail, its names recoded through `mapping` (old code → new code) into
  /// another fold's: what `add(totalsOf:months:)` takes, made apart from it so that the folds of
  /// several threads are made ready at once.
  func months(recodedBy mapping: [Int32]) -> [MonthKey: DigestDetail] {
    pending.mapValues { stack in
      var detail = stack.merged
      detail.recode(names: mapping)
      return detail
    }
  }

  /// Adds the totals of another fold and its months' details in this fold's names
  /// (`months(recodedBy:)`).
  mutating func add(totalsOf other: DigestFold, months: [MonthKey: DigestDetail]) {
    for (day, dayTotals) in other.totals {
      totals[day, default: DigestTotals(day: day)].merge(dayTotals)
    }
    for (month, detail) in months {
      pending[month, default: DetailMergeStack(limit: limit)].push(detail)
    }
  }
}
