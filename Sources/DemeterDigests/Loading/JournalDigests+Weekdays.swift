import DemeterFoundation

extension JournalDigests {
  /// Keeps only the dates that fall on `weekdays` (ISO, Monday = 1), the digests now standing for
  /// `rules` (whose query adds those weekdays to the one the digests were made under). Their detail
  /// is then read date by date: a month's merged detail holds the dates left out.
  mutating func keepDays(onWeekdays weekdays: Set<Int>, rules: DigestRules) {
    let kept = days.indices.filter { weekdays.contains(days[$0].date.weekday) }
    days = kept.map { days[$0] }
    details = KeptDetails(source: details, positions: kept)
    self.rules = rules
  }
}

/// The detail of some of another source's dates, read from it date by date.
struct KeptDetails: DigestDetailSource {
  let source: any DigestDetailSource
  /// The position in `source` of each date kept.
  let positions: [Int]

  func detail(ofDayAt index: Int) -> DigestDetail { source.detail(ofDayAt: positions[index]) }

  func details(ofDaysAt indices: [Int]) -> [DigestDetail] {
    source.details(ofDaysAt: indices.map { positions[$0] })
  }

  func detail(ofMonth month: MonthKey) -> DigestDetail? { nil }

  func lines(ofMonth month: MonthKey, wanted: (FlaggedLine) -> Bool) -> [FlaggedLine: [UInt8]] {
    source.lines(ofMonth: month, wanted: wanted)
  }
}
