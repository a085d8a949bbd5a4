extension JournalDigests {
  /// The entries counted in `period` as an export gives them (manual: output), a date at a time in
  /// date order, each date's in list order (time, then file and line), read again from the files
  /// holding the date (repeated ids left out as when the digests were made): each line read once, by
  /// the fast scanner where it reads it, with its tags, note and stated nutrients, and its canonical
  /// line when `keepingLines`. A file is read when its first date comes and let go of after its
  /// last, so only a few dates' files are held at once, however long the period. Digests of
  /// entries in memory hand those on as they are held.
  /// - Complexity: the parse of the files holding the period's dates; memory, a few dates' files.
  public func forEachDate<Failure: Error>(
    ofExportedEntriesIn period: Period, keepingLines: Bool, _ body: ([ExportedEntry]) throws(Failure) -> Void
  ) throws(Failure) {
    if let entriesInMemory {
      try Self.forEachDate(of: entriesInMemory, in: period, body)
      return
    }
    let parser = DayFileParser(options: loadOptions)
    let limits = loadOptions.limits
    let read = { (file: DayFile, position: Int) in
      var sink = EntryExportSink(
        keepsLines: keepingLines, excludedLines: duplicateLines[Int32(position)] ?? [], limits: limits)
      parser.parse(file, into: &sink)
      return sink.entries
    }
    try forEachDate(in: period, reading: read) { day, files throws(Failure) in
      // In list order: time, then file and line (the order read).
      let entries = files.joined().filter { $0.row.timestamp.localDate.dayNumber == day }
      let order = entries.indices.sorted {
        (entries[$0].row.timestamp.secondOfDay, $0) < (entries[$1].row.timestamp.secondOfDay, $1)
      }
      try body(order.map { entries[$0] })
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
