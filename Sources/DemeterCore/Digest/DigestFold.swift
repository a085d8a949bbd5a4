/// Day digests folded as files are read, for a load that keeps no date's detail: every date's
/// totals and every month's merged detail.
struct DigestFold {
  var totals: [Int32: DigestTotals] = [:]
  var months: [MonthKey: DigestDetail] = [:]

  /// Adds a file's digests (of this fold's names).
  mutating func add(_ days: [DayDigest], limit: Int) {
    for day in days {
      totals[day.day, default: DigestTotals(day: day.day)].merge(day.totals)
      months[MonthKey(day.totals.date), default: DigestDetail()].merge(day.detail, limit: limit)
    }
  }

  /// Adds another fold whose names map to this one's through `mapping` (old code → new code).
  mutating func add(_ other: DigestFold, names mapping: [Int32], limit: Int) {
    for (day, dayTotals) in other.totals {
      totals[day, default: DigestTotals(day: day)].merge(dayTotals)
    }
    for (month, detail) in other.months {
      var detail = detail
      detail.recode(names: mapping)
      months[month, default: DigestDetail()].merge(detail, limit: limit)
    }
  }
}
