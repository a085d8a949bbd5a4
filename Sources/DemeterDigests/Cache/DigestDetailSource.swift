/// Where a digest set finds the detail of its days: in memory, or in a digest index read on demand.
/// A source may also keep each month's merged detail, so a long period merges months, not days.
package protocol DigestDetailSource: Sendable {
  /// The detail of the date at `index` of the set's days.
  func detail(ofDayAt index: Int) -> DigestDetail
  /// The details of the dates at `indices` of the set's days, in that order.
  func details(ofDaysAt indices: [Int]) -> [DigestDetail]
  /// The merged detail of every day of `month`, when the source keeps it.
  func detail(ofMonth month: MonthKey) -> DigestDetail?
  /// The lines of the entries `month`'s merged detail lists that are `wanted`, when the source
  /// keeps them.
  func lines(ofMonth month: MonthKey, wanted: (FlaggedLine) -> Bool) -> [FlaggedLine: [UInt8]]
}

extension DigestDetailSource {
  package func details(ofDaysAt indices: [Int]) -> [DigestDetail] { indices.map(detail(ofDayAt:)) }

  package func lines(ofMonth month: MonthKey, wanted: (FlaggedLine) -> Bool) -> [FlaggedLine: [UInt8]] { [:] }
}

/// Details held in memory, one per day of the set.
package struct DetailList: DigestDetailSource {
  package var details: [DigestDetail]

  package func detail(ofDayAt index: Int) -> DigestDetail { details[index] }

  package func detail(ofMonth month: MonthKey) -> DigestDetail? { nil }
}

/// The detail of a digest set read from a digest index that describes its files exactly: a month's
/// from its stored merge, a date's from the stored digests of the files holding it. A blob found
/// damaged is made again from its files.
package struct IndexedDetails: DigestDetailSource {
  package let index: DigestIndex
  let redigest: DayRedigest

  package func detail(ofDayAt position: Int) -> DigestDetail {
    let day = index.days[position].day
    let parts = redigest.files(holding: day).compactMap { file in
      ((try? index.digests(ofRecord: file, fileIndex: Int32(file))) ?? redigest.digests(ofFile: file))
        .first { $0.day == day }?.detail
    }
    return DigestDetail.merged(parts, limit: redigest.rules.reviewLimit)
  }

  package func detail(ofMonth month: MonthKey) -> DigestDetail? {
    (try? index.detail(ofMonth: month)) ?? nil
  }

  package func lines(ofMonth month: MonthKey, wanted: (FlaggedLine) -> Bool) -> [FlaggedLine: [UInt8]] {
    (try? index.lines(ofMonth: month, wanted: wanted)) ?? [:]
  }
}

/// The detail of a digest set that kept only each month's merge: a date's is made again from its
/// files.
package struct MonthDetails: DigestDetailSource {
  package let days: [Int32]
  package let months: [MonthKey: DigestDetail]
  let redigest: DayRedigest

  package func detail(ofDayAt position: Int) -> DigestDetail { redigest.detail(ofDay: days[position]) }

  package func details(ofDaysAt positions: [Int]) -> [DigestDetail] {
    redigest.details(ofDays: positions.map { days[$0] })
  }

  package func detail(ofMonth month: MonthKey) -> DigestDetail? { months[month] }
}
