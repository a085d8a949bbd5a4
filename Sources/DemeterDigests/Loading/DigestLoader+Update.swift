import DemeterFoundation
import DemeterJournal

extension DigestLoader {
  /// The digests of a journal whose index holds an earlier state of it, after updating the index:
  /// only new and changed files are parsed, and only the dates they hold (now or before) and their
  /// months are merged again, from those files and the stored digests of the other files holding
  /// those dates; every other blob is copied. Nil when the update cannot be made this way (repeated
  /// ids, a damaged blob, an index that cannot be written): then the journal is read in full.
  package static func updated(
    _ cache: DigestCache, files: [DayFile], options: JournalLoadOptions, rules: DigestRules
  ) -> JournalDigests? {
    guard let index = cache.index else { return nil }
    var names = index.names
    var perFile = digestFiles(files, options: options, rules: rules, cache: cache, names: &names, readsStored: false)
    guard DuplicateIDs.find(in: perFile, files: files, options: options).lines.isEmpty else { return nil }
    let limit = rules.reviewLimit
    var reused = Set<Int>()
    var positionOfRecord: [Int: Int32] = [:]
    for (position, digest) in perFile.enumerated() {
      if let record = digest.storedRecord {
        reused.insert(record)
        positionOfRecord[record] = Int32(position)
      }
    }
    var stale = Set(perFile.filter { $0.storedRecord == nil }.flatMap(\.dates))
    for (record, stored) in index.records.enumerated() where !reused.contains(record) {
      stale.formUnion(stored.dates)
    }
    // Files holding a stale date have their digests read, to merge those dates again.
    for position in perFile.indices {
      guard let record = perFile[position].storedRecord, perFile[position].dates.contains(where: stale.contains)
      else { continue }
      guard let days = try? index.digests(ofRecord: record, fileIndex: Int32(position)) else { return nil }
      perFile[position].days = days
      perFile[position].storedRecord = nil
    }
    let merged = mergedDays(perFile.flatMap { $0.days.filter { stale.contains($0.day) } }, limit: limit)
    let days = (index.days.filter { !stale.contains($0.day) } + merged.map(\.totals)).sorted { $0.day < $1.day }
    guard let splits = updatedSplits(index, days: days, merged: merged, rules: rules) else { return nil }
    guard
      let months = updatedMonths(
        index, days: days, stale: stale, merged: merged, positionOfRecord: positionOfRecord, files: files, limit: limit)
    else { return nil }
    let written = cache.write(files: files) { stream throws(OutputError) in
      for digest in perFile {
        if let record = digest.storedRecord {
          let stored = index.records[record]
          try stream.add(
            DigestIndexWriter.FileContent(
              digest: digest, hadExclusions: false, digests: .copy(index, stored.digests),
              idHashes: .copy(index, stored.idHashes)))
        } else {
          try stream.add(
            DigestIndexWriter.FileContent(
              digest: digest, hadExclusions: false, digests: DigestIndexWriter.digestsBlob(digest.days),
              idHashes: DigestIndexWriter.hashesBlob(digest.idHashes)))
        }
      }
      for month in months { try stream.add(month) }
      return DigestIndexWriter.Ending(names: names, duplicateFree: true, holdsDetail: true, days: days, splits: splits)
    }
    guard written, let index = cache.reread() else { return nil }
    return stored(index, files: files, options: options, rules: rules)
  }

  /// The split of each of the updated `days` when the rules split the digests: a merged date's from
  /// `merged`, any other's the index's. Nil if the index keeps no split (then the journal is read in
  /// full).
  private static func updatedSplits(
    _ index: DigestIndex, days: [DigestTotals], merged: [DayDigest], rules: DigestRules
  ) -> [[BreakdownTally]]? {
    guard rules.breakdown != nil else { return [] }
    guard index.splits.count == index.days.count else { return nil }
    let fresh = Dictionary(uniqueKeysWithValues: merged.map { ($0.day, $0.detail.breakdown) })
    let stored = Dictionary(uniqueKeysWithValues: zip(index.days.map(\.day), index.splits))
    return days.map { fresh[$0.day] ?? stored[$0.day] ?? [] }
  }

  /// Every month of the updated `days`: merged again where it holds a stale date (from `merged`
  /// and the stored digests of the month's other dates), else the stored one with its files
  /// renumbered; the lines of a merged month's flagged entries read from `files`. Nil if a stored
  /// blob is damaged.
  private static func updatedMonths(
    _ index: DigestIndex, days: [DigestTotals], stale: Set<Int32>, merged: [DayDigest],
    positionOfRecord: [Int: Int32], files: [DayFile], limit: Int
  ) -> [DigestIndexWriter.MonthEntry]? {
    let staleMonths = Set(stale.map { MonthKey(CivilDate(dayNumber: Int($0))) })
    let mergedDetail = Dictionary(uniqueKeysWithValues: merged.map { ($0.day, $0.detail) })
    let recordsOfDay = FilesOfDay(FileDays(index.records.map(\.dates)))
    var months: [DigestIndexWriter.MonthEntry?] = []
    var remerged: [(position: Int, month: MonthKey, detail: DigestDetail)] = []
    for (month, monthDays) in Dictionary(grouping: days, by: { MonthKey($0.date) }).sorted(by: { $0.key < $1.key }) {
      if !staleMonths.contains(month), let stored = index.months[month] {
        let files = stored.files.compactMap { positionOfRecord[Int($0)] }
        guard files.count == stored.files.count else { return nil }
        months.append(
          DigestIndexWriter.MonthEntry(
            month: month, files: files, detail: .copy(index, stored.blob), lines: .copy(index, stored.lines)))
        continue
      }
      var detail = DigestDetail()
      for day in monthDays {
        if let fresh = mergedDetail[day.day] {
          detail.merge(fresh, limit: limit)
          continue
        }
        for record in recordsOfDay.files(holding: day.day) {
          guard let position = positionOfRecord[record],
            let digests = try? index.digests(ofRecord: record, fileIndex: position),
            let digest = digests.first(where: { $0.day == day.day })
          else { return nil }
          detail.merge(digest.detail, limit: limit)
        }
      }
      remerged.append((months.count, month, detail))
      months.append(nil)
    }
    let lines = FlaggedLines.read(listedBy: remerged.map(\.detail), files: files)
    for item in remerged { months[item.position] = DigestIndexWriter.month(item.month, detail: item.detail, lines: lines) }
    return months.map { $0! }
  }
}
