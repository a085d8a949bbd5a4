/// Where a digest set finds the detail of its days: in memory, or in a digest index read on demand.
/// A source may also keep each month's merged detail, so a long period merges months, not days.
protocol DigestDetailSource: Sendable {
  /// The detail of the date at `index` of the set's days.
  func detail(ofDayAt index: Int) -> DigestDetail
  /// The merged detail of every day of `month`, when the source keeps it.
  func detail(ofMonth month: MonthKey) -> DigestDetail?
}

/// A calendar month, as `year × 12 + month − 1`.
struct MonthKey: Hashable, Comparable, Sendable {
  var value: Int32

  init(_ date: CivilDate) {
    value = Int32(date.year * 12 + date.month - 1)
  }

  init(value: Int32) {
    self.value = value
  }

  var first: CivilDate { CivilDate(year: Int(value) / 12, month: Int(value) % 12 + 1, day: 1)! }

  var last: CivilDate { MonthKey(value: value + 1).first.adding(days: -1) }

  static func < (a: MonthKey, b: MonthKey) -> Bool { a.value < b.value }
}

/// Details held in memory, one per day of the set.
struct DetailList: DigestDetailSource {
  var details: [DigestDetail]

  func detail(ofDayAt index: Int) -> DigestDetail { details[index] }

  func detail(ofMonth month: MonthKey) -> DigestDetail? { nil }
}
