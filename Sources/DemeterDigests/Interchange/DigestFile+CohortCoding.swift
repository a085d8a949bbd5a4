import DemeterJournal

/// A journal's part of a digest file of the cohort form (`DigestFileForm.cohort`), after its
/// settings and problems: its day files' paths, each as the length of the prefix it shares with the
/// one before and the rest of its UTF-8 bytes (the paths are sorted), then each day as its date
/// (the first as a signed varint, the others as the days since the one before less one), entries,
/// entries needing review, and the sums of the goal nutrients in `GoalNutrient` order; for a file
/// split by a dimension, then the names of its values (sorted) and each day's breakdown tallies.
extension CacheWriter {
  mutating func appendCohortPart(_ journal: DigestFileJournal, splits: Bool) {
    appendVarint(journal.files.count)
    var previous: [UInt8] = []
    for file in journal.files {
      let path = Array(file.path.utf8)
      let shared = zip(previous, path).prefix { $0 == $1 }.count
      appendVarint(shared)
      appendVarint(path.count - shared)
      path[shared...].withUnsafeBytes { append(raw: $0) }
      previous = path
    }
    appendVarint(journal.days.count)
    var previousDay: Int32?
    for day in journal.days {
      if let previousDay { appendVarint(Int(day.day) - Int(previousDay) - 1) } else { appendSigned(day.day) }
      appendVarint(Int(day.totals.entries))
      appendVarint(Int(day.totals.needsReview))
      for nutrient in GoalNutrient.allCases { appendSigned(day.totals.sums[nutrient.nutrient.ordinal]) }
      previousDay = day.day
    }
    guard splits else { return }
    appendStrings(journal.names)
    for day in journal.days { append(day.detail.breakdown) }
  }
}

extension CacheReader {
  /// The names, files and days `CacheWriter.appendCohortPart` wrote, checked to be in canonical order.
  mutating func cohortPart(splits: Bool) throws(CacheFormatError) -> (
    names: [String], files: [DigestFileJournal.StoredDayFile], days: [DayDigest]
  ) {
    let fileCount = try varintCount(atMost: remaining / 2)
    try claim(fileCount, of: DigestFileJournal.StoredDayFile.self)
    var files: [DigestFileJournal.StoredDayFile] = []
    var previous: [UInt8] = []
    for _ in 0..<fileCount {
      let shared = try varintCount(atMost: previous.count)
      let rest = try bytes(try varintCount(atMost: remaining))
      try claimBytes(shared + rest.count)
      let path = Array(previous[..<shared]) + Array(rest)
      guard let text = String(validating: path, as: UTF8.self) else { throw CacheFormatError("file path") }
      files.append(DigestFileJournal.StoredDayFile(path: text, day: nil))
      previous = path
    }
    guard Self.isIncreasing(files.map(\.path)) else { throw CacheFormatError("file order") }
    let dayCount = try varintCount(atMost: remaining / 7)
    try claim(dayCount, of: DayDigest.self)
    var days: [DayDigest] = []
    var previousDay: Int32?
    for _ in 0..<dayCount {
      let day: Int32
      if let previousDay {
        let gap = try varintCount(atMost: Int(Int32.max))
        let next = Int(previousDay) + 1 + gap
        guard next <= Int(Int32.max) else { throw CacheFormatError("day order") }
        day = Int32(next)
      } else {
        day = try signed(Int32.self)
      }
      var totals = DigestTotals(day: day)
      totals.entries = Int32(try varintCount(atMost: Int(Int32.max)))
      totals.needsReview = Int32(try varintCount(atMost: Int(totals.entries)))
      for nutrient in GoalNutrient.allCases { totals.sums[nutrient.nutrient.ordinal] = try signed() }
      days.append(DayDigest(totals: totals, detail: DigestDetail()))
      previousDay = day
    }
    guard splits else { return ([], files, days) }
    let names = try strings()
    guard Self.isIncreasing(names) else { throw CacheFormatError("name order") }
    for index in days.indices { days[index].detail.breakdown = try breakdownTallies(nameCount: names.count) }
    return (names, files, days)
  }
}
