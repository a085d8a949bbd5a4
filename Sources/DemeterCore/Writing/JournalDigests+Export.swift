extension JournalDigests {
  /// The entries counted in `period` as an export gives them (manual: output), a date at a time in
  /// the order and with the files of `forEachDate(ofEntriesIn:)`: each line read once, by the fast
  /// scanner where it reads it, with its tags, note and stated nutrients, and its canonical line
  /// when `keepingLines`. Digests of files only (not of an in-memory table).
  /// - Complexity: the parse of the files holding the period's dates; memory, a few dates' files.
  public func forEachDate<Failure: Error>(
    ofExportedEntriesIn period: Period, keepingLines: Bool, _ body: ([ExportedEntry]) throws(Failure) -> Void
  ) throws(Failure) {
    precondition(rows == nil, "the entries of an in-memory table have no lines to export")
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
