import DemeterFoundation
import DemeterJournal

extension BreakdownRow {
  /// The row of `tally`, its value named `value`.
  init(value: String?, _ tally: BreakdownTally) {
    self.init(value: value, entries: Int(tally.entries))
    for (position, nutrient) in BreakdownTally.nutrients.enumerated() {
      totals[nutrient] = FixedSum(billionths: tally[sumAt: position])
    }
  }
}

extension JournalDigests {
  /// The entries of `period` split by `dimension`, one row per value in no set order: by weekday
  /// from the day totals (a date's entries all fall on its weekday), any other dimension from the
  /// days' breakdown tallies (the digests must have been made splitting by `dimension.tallied`).
  /// - Complexity: the period's day totals, or the merge of its detail.
  public func breakdown(of period: Period, by dimension: BreakdownDimension) -> [BreakdownRow] {
    guard let tallied = dimension.tallied else {
      var rows: [BreakdownRow] = []
      for (position, label) in BreakdownDimension.weekdayValues.enumerated() {
        var row = BreakdownRow(value: label)
        for day in days(in: period) where day.date.weekday == position + 1 {
          row.entries += Int(day.entries)
          for nutrient in BreakdownTally.nutrients { row.totals[nutrient].add(day[nutrient]) }
        }
        if row.entries > 0 { rows.append(row) }
      }
      return rows
    }
    precondition(rules.breakdown == tallied, "the digests were not split by \(dimension.rawValue)")
    if keepsOnlyTotals, !keepsSplit { return withDetail.breakdown(of: period, by: dimension) }
    let tallies = keepsSplit ? split(in: period) : detail(in: period).breakdown
    return tallies.map { BreakdownRow(value: $0.code < 0 ? nil : names[$0.code], $0) }
  }

  /// The merged split of the dates in `period`, from digests whose detail is their split alone
  /// (`keepsSplit`): the days' tallies merged, not their whole details.
  private func split(in period: Period) -> [BreakdownTally] {
    details.details(ofDaysAt: Array(indices(in: period))).reduce(into: []) { merged, detail in
      merged = SortedMerge.merged(merged, detail.breakdown, key: \.code, add: { $0.add($1) })
    }
  }

  /// These digests with the detail a split's rows are read from: themselves when they keep their
  /// detail or their split (`keepsSplit`), else `withDetail`.
  package var withSplit: JournalDigests { keepsOnlyTotals && !keepsSplit ? withDetail : self }
}
