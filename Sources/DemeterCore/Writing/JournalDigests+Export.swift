import DemeterDigests
import DemeterFoundation
import DemeterJournal

extension JournalDigests {
  /// The entries counted in `period` as an export gives them (manual: output), a date at a time in
  /// date order, each date's in list order (time, then file and line), read again from the files
  /// holding the date (repeated ids, and the entries the rules' query does not match, left out as when
  /// the digests were made): each line read once, by
  /// the fast scanner where it reads it, with its tags, note and stated nutrients. Digests of
  /// entries in memory hand those on as they are held.
  ///
  /// The dates are read in runs (`ExportRuns`), a few runs at a time on every processor: each run
  /// reads its files, then `make` turns each date's entries (and the number of entries of the
  /// period's earlier dates) into a part, and `body` is handed the parts in date order on this
  /// thread. Only a few runs' entries and parts are held at once, and the entries a file holds
  /// for later runs' dates until those come.
  /// - Complexity: the parse of the files holding the period's dates; memory, a few runs of dates.
  public func forEachDate<Part: Sendable, Failure: Error>(
    ofExportedEntriesIn period: Period,
    making make: @Sendable (_ entries: [ExportedEntry], _ earlierEntries: Int) -> Part,
    _ body: (Part) throws(Failure) -> Void
  ) throws(Failure) {
    try forEachDate(ofExportedEntriesIn: period, entriesPerRun: ExportRuns.entriesPerRun, making: make, body)
  }

  /// `forEachDate(ofExportedEntriesIn:making:_:)` handing each date's entries to `body`.
  public func forEachDate<Failure: Error>(
    ofExportedEntriesIn period: Period, _ body: ([ExportedEntry]) throws(Failure) -> Void
  ) throws(Failure) {
    try forEachDate(ofExportedEntriesIn: period, making: { entries, _ in entries }, body)
  }

  /// `forEachDate(ofExportedEntriesIn:making:_:)` in runs of about `entriesPerRun` entries.
  func forEachDate<Part: Sendable, Failure: Error>(
    ofExportedEntriesIn period: Period, entriesPerRun: Int,
    making make: @Sendable (_ entries: [ExportedEntry], _ earlierEntries: Int) -> Part,
    _ body: (Part) throws(Failure) -> Void
  ) throws(Failure) {
    let query = rules.query
    if let entriesInMemory {
      var earlier = 0
      try Self.forEachDate(of: entriesInMemory, in: period) { entries throws(Failure) in
        let entries = query.map { query in entries.filter { query.matches($0) } } ?? entries
        try body(make(entries, earlier))
        earlier += entries.count
      }
      return
    }
    let parser = DayFileParser(options: loadOptions)
    try forEachDate(
      in: period, entriesPerRun: entriesPerRun,
      reading: { file, excludedLines, days in
        var sink = EntryExportSink(excludedLines: excludedLines)
        parser.parse(file, into: &sink)
        var ofDate: [Int32: [ExportedEntry]] = [:]
        for entry in sink.entries {
          let day = Int32(truncatingIfNeeded: entry.row.timestamp.localDate.dayNumber)
          if days.contains(day), query?.matches(entry) ?? true { ofDate[day, default: []].append(entry) }
        }
        return ofDate.map { ($0, $1) }
      }, making: make, body)
  }

  /// Each date's records of the entries counted in `period` (manual: output), as
  /// `forEachDate(ofExportedEntriesIn:making:_:)` reads them, in date order, each date's in list
  /// order: `renderer` makes an entry's record as its line is read (no row made), and `body` is
  /// handed each date's records, one after another, and how many there are. For digests made from
  /// files (not `JournalDigests(entries:)`, whose entries have no lines to render). With the rules'
  /// query, only the entries it matches (evaluated on the scanned entry, no row made).
  /// - Complexity: the parse of the files holding the period's dates; memory, a few runs of dates.
  package func forEachDate<Failure: Error>(
    ofRecordsIn period: Period, renderer: any EntryRecordRenderer,
    _ body: (_ records: [UInt8], _ entries: Int) throws(Failure) -> Void
  ) throws(Failure) {
    try forEachDate(ofRecordsIn: period, renderer: renderer, entriesPerRun: ExportRuns.entriesPerRun, body)
  }

  /// `forEachDate(ofRecordsIn:renderer:_:)` in runs of about `entriesPerRun` entries.
  func forEachDate<Failure: Error>(
    ofRecordsIn period: Period, renderer: any EntryRecordRenderer, entriesPerRun: Int,
    _ body: (_ records: [UInt8], _ entries: Int) throws(Failure) -> Void
  ) throws(Failure) {
    precondition(entriesInMemory == nil, "records are rendered from the lines of day files")
    let parser = DayFileParser(options: loadOptions)
    let query = rules.query
    try forEachDate(
      in: period, entriesPerRun: entriesPerRun,
      reading: { file, excludedLines, days in
        var sink = EntryRecordSink(renderer: renderer, excludedLines: excludedLines, days: days, query: query)
        parser.parse(file, into: &sink)
        return sink.dates
      }, making: { entries, _ in (entries.bytes, entries.count) }
    ) { part throws(Failure) in
      try body(part.0, part.1)
    }
  }

  /// The dates of `period` read in runs of about `entriesPerRun` entries, a few runs at a time on
  /// every processor: `read` reads one file (its repeated ids' lines, the dates wanted) into each
  /// date's entries in line order; each date's entries of every file holding it are put in list
  /// order, then `make` turns them into a part, and `body` is handed the parts in date order.
  private func forEachDate<Entries: ExportedDate, Part: Sendable, Failure: Error>(
    in period: Period, entriesPerRun: Int,
    reading read:
      @Sendable (_ file: DayFile, _ excludedLines: Set<Int>, _ days: ClosedRange<Int32>) -> [(
        day: Int32, entries: Entries
      )],
    making make: @Sendable (_ entries: Entries, _ earlierEntries: Int) -> Part,
    _ body: (Part) throws(Failure) -> Void
  ) throws(Failure) {
    let runs = ExportRuns(self, period: period, entriesPerRun: entriesPerRun).runs
    // Made once (an unchanged index's list makes its `DayFile`s when asked).
    let files = files
    let duplicateLines = duplicateLines
    let threads = loadOptions.threads
    let last = Int32(period.last.dayNumber)
    // Runs a batch holds: enough for every processor to have work while the batch's slowest ends.
    let batch = 2 * threads
    // The entries read of dates still to come, by date, each file's apart (by position).
    var pending: [Int32: [(file: Int, entries: Entries)]] = [:]
    for start in stride(from: 0, to: runs.count, by: batch) {
      let batchRuns = Array(runs[start..<min(start + batch, runs.count)])
      let read = ParallelMap.map(batchRuns, threads: threads) { run in
        // The entries of the files the run reads, by date (those of its dates and later ones).
        var byDate: [Int32: [(file: Int, entries: Entries)]] = [:]
        for position in run.files {
          for (day, entries) in read(
            files[position], duplicateLines[Int32(position)] ?? [], run.days[0]...last)
          {
            byDate[day, default: []].append((position, entries))
          }
        }
        return byDate
      }
      for byDate in read {
        for (day, pieces) in byDate { pending[day, default: []] += pieces }
      }
      // This batch's dates taken out of `pending` (which keeps later dates' entries), not a copy of it.
      var taken: [Int32: [(file: Int, entries: Entries)]] = [:]
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
            pieces.count == 1
            ? pieces[0].entries : Entries(joining: pieces.sorted { $0.file < $1.file }.map(\.entries))
          let seconds = entries.secondsOfDay
          if zip(seconds, seconds.dropFirst()).contains(where: { $0 > $1 }) {
            entries = entries.reordered(seconds.indices.sorted { (seconds[$0], $0) < (seconds[$1], $1) })
          }
          defer { earlier += entries.count }
          return make(entries, earlier)
        }
      }
      for part in parts.joined() { try body(part) }
    }
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
