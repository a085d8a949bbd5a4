/// Food entries stored in a journal's day files (SPEC §3 repository contract). Reads use the same
/// decoder as reports; every change takes the journal lock and rewrites only the day files it
/// touches, atomically, other lines byte-identical (`DayFileWriter`). An entry counts for the date
/// of its timestamp as written, whatever file holds it.
public struct FoodEntryRepository: Sendable {
  public let journal: String
  /// How a change waits for the journal lock.
  public var lockWaiting: JournalLock.Waiting

  public init(journal: String, lockWaiting: JournalLock.Waiting = JournalLock.Waiting()) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  // MARK: - Creating

  /// Adds `entry` to the day file of its date and returns it.
  /// - Throws: `validationError` when it breaks a rule of SPEC §2, `duplicateEntry` when its id is
  ///   taken, `persistenceError` when the journal cannot be read or written.
  @discardableResult
  public func create(_ entry: FoodEntry) throws(ModelError) -> FoodEntry {
    do throws(FoodEntryValidationError) {
      try entry.validate()
    } catch {
      throw .validationError(error.message)
    }
    try create([JournalEntryLine(object: EntryLineEncoder.object(for: entry), entry: entry)])
    return entry
  }

  /// Adds already validated lines (from `EntryLineReader`) all at once, each written in canonical
  /// form to the day file of its date. Nothing is written when an id is taken (in the journal or
  /// twice in `lines`).
  public func create(_ lines: [JournalEntryLine]) throws(ModelError) {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      var taken = try existingIDs()
      for line in lines {
        guard taken.insert(line.entry.id.lowercased()).inserted else {
          throw .duplicateEntry(line.entry.id)
        }
      }
      let writer = DayFileWriter(journal: journal)
      let files = DayFileFinder.find(in: journal).files
      var byPath: [String: [String]] = [:]
      var order: [String] = []
      for line in lines {
        let path = writer.dayFilePath(for: line.entry.timestamp.localDate, existing: files)
        if byPath[path] == nil { order.append(path) }
        byPath[path, default: []].append(EntryLineEncoder.line(line.object))
      }
      for path in order {
        try writer.append(byPath[path]!, to: path)
      }
    }
  }

  /// The ids of the journal's entries, lowercased.
  func existingIDs() throws(ModelError) -> Set<String> {
    var ids = Set<String>()
    for contents in try allFiles() {
      for line in contents.lines {
        if let entry = line.outcome.line?.entry { ids.insert(entry.id.lowercased()) }
      }
    }
    return ids
  }

  // MARK: - Reading

  /// The entry with `id` (compared case-insensitively), or nil.
  public func fetch(id: String) throws(ModelError) -> FoodEntry? {
    try locate(id: id).map { $0.contents.lines[$0.index].outcome.line!.entry }
  }

  /// The entries dated `date`, by time then id.
  public func fetch(for date: CivilDate) throws(ModelError) -> [FoodEntry] {
    try entries { $0.timestamp.localDate == date }
  }

  /// The entries dated `today` (pass `ReportClock.today(…)` or a `--today` date).
  public func fetchToday(today: CivilDate) throws(ModelError) -> [FoodEntry] {
    try fetch(for: today)
  }

  /// Every valid entry that `isIncluded` accepts, by time then id.
  func entries(where isIncluded: (FoodEntry) -> Bool) throws(ModelError) -> [FoodEntry] {
    var found: [FoodEntry] = []
    for contents in try allFiles() {
      for line in contents.lines {
        if let entry = line.outcome.line?.entry, isIncluded(entry) { found.append(entry) }
      }
    }
    return found.sorted {
      ($0.timestamp.localDate, $0.timestamp.secondOfDay, $0.timestamp.nanosecond, $0.id)
        < ($1.timestamp.localDate, $1.timestamp.secondOfDay, $1.timestamp.nanosecond, $1.id)
    }
  }

  // MARK: - Changing

  /// Replaces the stored entry that has `entry.id` with `entry` (see `update(id:_:)`).
  /// - Throws: `notFound`, `validationError`, `persistenceError`.
  public func update(_ entry: FoodEntry) throws(ModelError) {
    try update(id: entry.id) { $0 = entry }
  }

  /// Changes the entry with `id` with `change`, read and written under one lock, and returns the
  /// new entry. Members whose value did not change keep their text and unknown keys stay; an entry
  /// whose date changed moves to that date's day file. The id cannot be changed.
  /// - Throws: `notFound`, `validationError` (nothing is written), `persistenceError`.
  @discardableResult
  public func update(id: String, _ change: (inout FoodEntry) -> Void) throws(ModelError) -> FoodEntry {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) -> FoodEntry in
      guard let (contents, index) = try locate(id: id) else { throw notFound(id) }
      let old = contents.lines[index].outcome.line!
      var entry = old.entry
      change(&entry)
      entry.id = old.entry.id
      do throws(FoodEntryValidationError) {
        try entry.validate()
      } catch {
        throw .validationError(error.message)
      }
      let text = EntryLineEncoder.line(EntryLineEncoder.updating(old.object, to: entry))
      let writer = DayFileWriter(journal: journal)
      let date = entry.timestamp.localDate
      let target =
        date == old.entry.timestamp.localDate
        ? contents.path : writer.dayFilePath(for: date, existing: DayFileFinder.find(in: journal).files)
      if target == contents.path {
        try writer.replace(contents.path, with: contents.replacingLines([index: text]))
        return entry
      }
      try writer.append([text], to: target)
      try writer.replace(contents.path, with: contents.replacingLines([index: nil]))
      return entry
    }
  }

  /// Removes the entry with `id`.
  /// - Throws: `notFound`, `persistenceError`.
  public func delete(id: String) throws(ModelError) {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      guard let (contents, index) = try locate(id: id) else { throw notFound(id) }
      try DayFileWriter(journal: journal).replace(contents.path, with: contents.replacingLines([index: nil]))
    }
  }

  /// Removes every entry dated `date`; returns how many were removed.
  @discardableResult
  public func deleteAll(for date: CivilDate) throws(ModelError) -> Int {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) -> Int in
      var removed = 0
      let writer = DayFileWriter(journal: journal)
      for contents in try allFiles() {
        var replacements: [Int: String?] = [:]
        for (index, line) in contents.lines.enumerated()
        where line.outcome.line?.entry.timestamp.localDate == date {
          replacements[index] = .some(nil)
        }
        guard !replacements.isEmpty else { continue }
        try writer.replace(contents.path, with: contents.replacingLines(replacements))
        removed += replacements.count
      }
      return removed
    }
  }

  // MARK: - Files

  /// Every day file of the journal, read.
  func allFiles() throws(ModelError) -> [DayFileContents] {
    var all: [DayFileContents] = []
    for file in DayFileFinder.find(in: journal).files {
      all.append(try DayFileContents.read(file.path))
    }
    return all
  }

  /// The file and line index of the entry with `id`.
  /// - Throws: `relationshipError` listing every place when the id is on more than one line (in two
  ///   files, or twice in one): which copy is meant cannot be told, so none is changed.
  func locate(id: String) throws(ModelError) -> (contents: DayFileContents, index: Int)? {
    var found: [(contents: DayFileContents, index: Int)] = []
    for contents in try allFiles() {
      for index in contents.lineIndices(ofEntry: id) { found.append((contents, index)) }
    }
    guard found.count > 1 else { return found.first }
    let places = found.map { "\($0.contents.path):\($0.contents.lines[$0.index].number)" }
    throw .relationshipError(
      "entry \"\(TerminalSafeText.escaped(id))\" is in \(found.count) places: "
        + TerminalSafeText.escaped(places.joined(separator: ", "))
        + "; keep one copy (remove or re-id the others by hand), then try again")
  }

  private func notFound(_ id: String) -> ModelError {
    .notFound("entry \"\(id)\" in journal '\(journal)'")
  }
}
