import DemeterJournal

/// Day digests folded as files are read (or as they lie in the files' digests, for a cache to
/// write): every date's totals and split, and every month's merged detail.
package struct DigestFold {
  package var totals: [Int32: DigestTotals] = [:]
  /// The split tallies of every date whose digests are split (`DigestDetail.breakdown`).
  private var splits: [Int32: [BreakdownTally]] = [:]
  /// The codes of the micronutrients each date's entries state, where digests without detail
  /// keep their micronutrient tallies (`JournalLoadOptions.keepsMicronutrientNames`).
  private var micronutrients: [Int32: Set<Int32>] = [:]
  private var pending: [MonthKey: DetailMergeStack] = [:]
  package let limit: Int
  /// Whether months' details are merged (else only totals are kept).
  package let keepsDetail: Bool

  /// A fold under the rules' `reviewLimit`.
  package init(limit: Int, keepsDetail: Bool) {
    self.limit = limit
    self.keepsDetail = keepsDetail
  }

  /// Adds a file's digests (of this fold's names).
  package mutating func add(_ days: [DayDigest]) {
    for day in days {
      totals[day.day, default: DigestTotals(day: day.day)].merge(day.totals)
      guard keepsDetail else {
        if !day.detail.micronutrients.isEmpty {
          micronutrients[day.day, default: []].formUnion(day.detail.micronutrients.map(\.code))
        }
        continue
      }
      pending[MonthKey(day.totals.date), default: DetailMergeStack(limit: limit)].push(day.detail)
      if !day.detail.breakdown.isEmpty {
        splits[day.day] = SortedMerge.merged(
          splits[day.day] ?? [], day.detail.breakdown, key: \.code, add: { $0.add($1) })
      }
    }
  }

  /// The split tallies of each of `days` (none for a date not split).
  func splits(of days: [DigestTotals]) -> [[BreakdownTally]] {
    days.map { splits[$0.day] ?? [] }
  }

  /// The codes of the micronutrients each date's entries state over `folds` (of digests without
  /// detail that keep them), each fold's names recoded through its mapping into common ones.
  static func micronutrients(of folds: [DigestFold], recodedBy mappings: [[Int32]]) -> [Int32: Set<Int32>] {
    var codes: [Int32: Set<Int32>] = [:]
    for (fold, mapping) in zip(folds, mappings) {
      for (day, local) in fold.micronutrients { codes[day, default: []].formUnion(local.map { mapping[Int($0)] }) }
    }
    return codes
  }

  /// Every month's detail merged over `folds`, each fold's names recoded through its mapping
  /// (old code → new code) into common ones. Each month is a task of its own, so that the work of
  /// folds of unequal length is shared out evenly among `threads`.
  package static func months(
    of folds: [DigestFold], recodedBy mappings: [[Int32]], threads: Int
  ) -> [MonthKey: DigestDetail] {
    guard let limit = folds.first?.limit else { return [:] }
    let keys = Set(folds.flatMap(\.pending.keys)).sorted()
    let details = ParallelMap.map(keys, threads: threads) { month in
      var merge = DetailMergeStack(limit: limit)
      for (fold, mapping) in zip(folds, mappings) {
        guard var detail = fold.pending[month]?.merged else { continue }
        detail.recode(names: mapping)
        merge.push(detail)
      }
      return merge.merged
    }
    return Dictionary(uniqueKeysWithValues: zip(keys, details))
  }

  /// Every month's merged detail, in month order (names as added).
  var monthDetails: [(month: MonthKey, detail: DigestDetail)] {
    pending.keys.sorted().map { ($0, pending[$0]!.merged) }
  }

  /// Every date's totals over `folds`, in date order.
  package static func dayTotals(of folds: [DigestFold]) -> [DigestTotals] {
    folds.flatMap(\.totals.values).mergedByDay(\.day) { $0.merge($1) }
  }
}
