extension JournalDigests {
  /// Each date with entries in `period`, in date order, with what `read` gives for each file
  /// holding it (in file order); a file is read when its first date comes and let go of after its
  /// last.
  func forEachDate<Part, Failure: Error>(
    in period: Period, reading read: (DayFile, _ position: Int) -> Part,
    _ body: (_ day: Int, [Part]) throws(Failure) -> Void
  ) throws(Failure) {
    let files = files
    let filesOfDay = FilesOfDay(fileDays)
    var parsed: [Int: Part] = [:]
    for day in days(in: period).map(\.day) {
      let holding = filesOfDay.files(holding: day)
      for position in holding where parsed[position] == nil {
        parsed[position] = read(files[position], position)
      }
      try body(Int(day), holding.map { parsed[$0]! })
      for position in holding where fileDays[position].last ?? day <= day { parsed[position] = nil }
    }
  }

  /// The names of the micronutrients the entries of `period` state, each once, sorted: from the
  /// period's detail, which tallies each micronutrient by name (whole months' merged detail where
  /// the digests keep it; read again when they kept only totals).
  public func micronutrientNames(in period: Period) -> [String] {
    let digests = withDetail
    let stated = digests.detail(in: period).micronutrients.filter { $0.entries > 0 }
    return Set(stated.map { digests.names.strings[Int($0.code)] }).sorted()
  }
}
