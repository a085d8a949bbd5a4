import DemeterDigests
import DemeterFoundation
import DemeterJournal

extension JournalDigests {
  /// The entries counted in `period` as an export gives them (manual: output), a date at a time in
  /// date order, each date's in list order (time, then file and line), read again from the files
  /// holding the date (repeated ids left out as when the digests were made): each line read once, by
  /// the fast scanner where it reads it, with its tags, note and stated nutrients, and its canonical
  /// line when `keepingLines`. Digests of entries in memory hand those on as they are held.
  ///
  /// The dates are read in runs (`ExportRuns`), a few runs at a time on every processor: each run
  /// reads its files, then `make` turns each date's entries (and the number of entries of the
  /// period's earlier dates) into a part, and `body` is handed the parts in date order on this
  /// thread. Only a few runs' entries and parts are held at once, and the entries a file holds
  /// for later runs' dates until those come.
  /// - Complexity: the parse of the files holding the period's dates; memory, a few runs of dates.
  public func forEachDate<Part: Sendable, Failure: Error>(
    ofExportedEntriesIn period: Period, keepingLines: Bool,
    making make: @Sendable (_ entries: [ExportedEntry], _ earlierEntries: Int) -> Part,
    _ body: (Part) throws(Failure) -> Void
  ) throws(Failure) {
    try forEachDate(
      ofExportedEntriesIn: period, keepingLines: keepingLines, entriesPerRun: ExportRuns.entriesPerRun,
      making: make, body)
  }

  /// `forEachDate(ofExportedEntriesIn:keepingLines:making:_:)` handing each date's entries to `body`.
  public func forEachDate<Failure: Error>(
    ofExportedEntriesIn period: Period, keepingLines: Bool, _ body: ([ExportedEntry]) throws(Failure) -> Void
  ) throws(Failure) {
    try forEachDate(ofExportedEntriesIn: period, keepingLines: keepingLines, making: { entries, _ in entries }, body)
  }

  /// `forEachDate(ofExportedEntriesIn:keepingLines:making:_:)` in runs of about `entriesPerRun`
  /// entries.
  func forEachDate<Part: Sendable, Failure: Error>(
    ofExportedEntriesIn period: Period, keepingLines: Bool, entriesPerRun: Int,
    making make: @Sendable (_ entries: [ExportedEntry], _ earlierEntries: Int) -> Part,
    _ body: (Part) throws(Failure) -> Void
  ) throws(Failure) {
    if let entriesInMemory {
      var earlier = 0
      try Self.forEachDate(of: entriesInMemory, in: period) { entries throws(Failure) in
        try body(make(entries, earlier))
        earlier += entries.count
      }
      return
    }
    let runs = ExportRuns(self, period: period, entriesPerRun: entriesPerRun).runs
    // Made once (an unchanged index's list makes its `DayFile`s when asked).
    let files = files
    let threads = loadOptions.threads
    // Runs a batch holds: enough for every processor to have work while the batch's slowest ends.
    let batch = 2 * threads
    // The entries read of dates still to come, by date, each file's apart (by position).
    var pending: [Int32: [(file: Int, entries: [ExportedEntry])]] = [:]
    for start in stride(from: 0, to: runs.count, by: batch) {
      let batchRuns = Array(runs[start..<min(start + batch, runs.count)])
      let read = ParallelMap.map(batchRuns, threads: threads) { run in
        entriesByDate(readingFilesOf: run, of: files, through: period.last.dayNumber, keepingLines: keepingLines)
      }
      for byDate in read {
        for (day, pieces) in byDate { pending[day, default: []] += pieces }
      }
      // This batch's dates taken out of `pending` (which keeps later dates' entries), not a copy of it.
      var taken: [Int32: [(file: Int, entries: [ExportedEntry])]] = [:]
      for run in batchRuns {
        for day in run.days { taken[day] = pending.removeValue(forKey: day) }
      }
      let held = taken
      let parts = ParallelMap.map(batchRuns, threads: threads) { run in
        var earlier = run.earlierEntries
        return run.days.map { day in
          // In list order: time, then file and line (the order read; most days' already are).
          let pieces = held[day] ?? []
          var entries =
            pieces.count == 1 ? pieces[0].entries : Array(pieces.sorted { $0.file < $1.file }.map(\.entries).joined())
          let seconds = entries.map(\.row.timestamp.secondOfDay)
          if zip(seconds, seconds.dropFirst()).contains(where: { $0 > $1 }) {
            let order = seconds.indices.sorted { (seconds[$0], $0) < (seconds[$1], $1) }
            entries = order.map { entries[$0] }
          }
          defer { earlier += entries.count }
          return make(entries, earlier)
        }
      }
      for part in parts.joined() { try body(part) }
    }
  }

  /// The entries of the `files` `run` reads, by date (those of its dates and later ones through
  /// `last`), in line order.
  private func entriesByDate(
    readingFilesOf run: ExportRuns.Run, of files: [DayFile], through last: Int, keepingLines: Bool
  ) -> [Int32: [(file: Int, entries: [ExportedEntry])]] {
    let parser = DayFileParser(options: loadOptions)
    var byDate: [Int32: [(file: Int, entries: [ExportedEntry])]] = [:]
    for position in run.files {
      var sink = EntryExportSink(
        keepsLines: keepingLines, excludedLines: duplicateLines[Int32(position)] ?? [], limits: loadOptions.limits)
      parser.parse(files[position], into: &sink)
      var ofDate: [Int32: [ExportedEntry]] = [:]
      for entry in sink.entries {
        let day = entry.row.timestamp.localDate.dayNumber
        if day >= Int(run.days[0]), day <= last { ofDate[Int32(day), default: []].append(entry) }
      }
      for (day, entries) in ofDate { byDate[day, default: []].append((position, entries)) }
    }
    return byDate
  }

  /// `entries` counted in `period`, a date at a time in date order, each date's in list order (time,
  /// then their order in `entries`).
  private static func forEachDate<Failure: Error>(
    of entries: [ExportedEntry], in period: Period, _ body: ([ExportedEntry]) throws(Failure) -> Void
  ) throws(Failure) {
    let days = period.dayNumbers
    var byDay: [Int: [Int]] = [:]
    for (position, entry) in entries.enumerated() where days.contains(entry.row.timestamp.localDate.dayNumber)
    {
      byDay[entry.row.timestamp.localDate.dayNumber, default: []].append(position)
    }
    for day in byDay.keys.sorted() {
      let order = byDay[day]!.sorted {
        (entries[$0].row.timestamp.secondOfDay, $0) < (entries[$1].row.timestamp.secondOfDay, $1)
      }
      try body(order.map { entries[$0] })
    }
  }
}
