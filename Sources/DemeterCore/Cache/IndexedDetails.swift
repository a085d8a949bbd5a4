/// The detail of a digest set read from a digest index that describes its files exactly: a month's
/// from its stored merge, a date's from the stored digests of the files holding it. A blob found
/// damaged is made again from its files.
struct IndexedDetails: DigestDetailSource {
  let index: DigestIndex
  let files: [DayFile]
  let options: JournalLoadOptions
  let rules: DigestRules
  /// The records (= file positions) holding each date.
  private let recordsOfDay: [Int32: [Int]]

  init(index: DigestIndex, files: [DayFile], options: JournalLoadOptions, rules: DigestRules) {
    self.index = index
    self.files = files
    self.options = options
    self.rules = rules
    var recordsOfDay: [Int32: [Int]] = [:]
    for (position, record) in index.records.enumerated() {
      for day in record.dates { recordsOfDay[day, default: []].append(position) }
    }
    self.recordsOfDay = recordsOfDay
  }

  func detail(ofDayAt position: Int) -> DigestDetail {
    let day = index.days[position].day
    let parts = (recordsOfDay[day] ?? []).compactMap { record in
      digests(ofRecord: record).first { $0.day == day }?.detail
    }
    return DigestDetail.merged(parts, limit: rules.reviewLimit)
  }

  func detail(ofMonth month: MonthKey) -> DigestDetail? {
    (try? index.detail(ofMonth: month)) ?? nil
  }

  /// The stored digests of a record, or if damaged its file's digests made again (names coded into
  /// the index's names, which hold every name of an unchanged file).
  private func digests(ofRecord record: Int) -> [DayDigest] {
    if let stored = try? index.digests(ofRecord: record, fileIndex: Int32(record)) { return stored }
    var local = StringDictionary()
    var digest = FileDigest.read(
      files[record], index: Int32(record), parser: DayFileParser(options: options), names: &local, rules: rules)
    var names = index.names
    let known = Int32(index.names.count)
    digest.recode(names: local.strings.map { names.code(for: $0) })
    return digest.days.map { day in
      var day = day
      day.detail.keepNames { $0 < known }
      return day
    }
  }
}
