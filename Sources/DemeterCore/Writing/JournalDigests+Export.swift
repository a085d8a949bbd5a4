extension JournalDigests {
  /// The entries counted in `period` as an export gives them (manual: output), a date at a time in
  /// date order, each date's in list order (time, then file and line), read again from the files
  /// holding the date (repeated ids left out as when the digests were made): each line read once, by
  /// the fast scanner where it reads it, with its tags, note and stated nutrients, and its canonical
  /// line when `keepingLines`. A file is read when its first date comes and let go of after its
  /// last, so only a few dates' files are held at once, however long the period.
  /// - Complexity: the parse of the files holding the period's dates; memory, a few dates' files.
  public func forEachDate<Failure: Error>(
    ofExportedEntriesIn period: Period, keepingLines: Bool, _ body: ([ExportedEntry]) throws(Failure) -> Void
  ) throws(Failure) {
    if let rows {
      precondition(!keepingLines, "the entries of an in-memory table have no lines to export")
      for entries in rows.exportedEntries(in: period) { try body(entries) }
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
}
