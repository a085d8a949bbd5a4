extension JournalDigests {
  /// The entries counted in `period`, a date at a time in date order: for each date with entries,
  /// a table of the files holding it (repeated ids left out as when the digests were made) and the
  /// rows of that date in list order (time, then file and line). A file is read once while its
  /// dates are handed out, so only a few dates' files are held at once, however long the period.
  /// - Complexity: the parse of the files holding the period's dates.
  public func forEachDate<Failure: Error>(
    ofEntriesIn period: Period, _ body: (EntryTable, [Int]) throws(Failure) -> Void
  ) throws(Failure) {
    if let rows {
      try body(rows, rows.rows(in: period))
      return
    }
    let parser = DayFileParser(options: loadOptions)
    let files = files
    let filesOfDay = FilesOfDay(fileDays)
    var parsed: [Int: EntryTable] = [:]
    for day in days(in: period).map(\.day) {
      let holding = filesOfDay.files(holding: day)
      for position in holding where parsed[position] == nil {
        parsed[position] = table(of: files[position], at: position, parser: parser)
      }
      let table = EntryTable.concatenating(holding.map { parsed[$0]! })
      try body(table, table.rows(in: Period(day: CivilDate(dayNumber: Int(day)))))
      // A file is let go of after the last date it holds.
      for position in holding where fileDays[position].last ?? day <= day { parsed[position] = nil }
    }
  }
}
