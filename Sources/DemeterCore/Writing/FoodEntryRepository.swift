import DemeterFoundation
import DemeterJournal

/// Food entries stored in a journal's day files (manual: journal repository contract). Reads use the same
/// decoder as reports; every change takes the journal lock and rewrites only the day files it
/// touches, atomically, other lines byte-identical (`DayFileWriter`). An entry counts for the date
/// of its timestamp as written, whatever file holds it.
public struct FoodEntryRepository: Sendable {
  public let journal: String
  /// How a change waits for the journal lock.
  public var lockWaiting: JournalLock.Waiting
  /// The bits of the 64-bit id hashes that the id checks compare (`JournalIDSearch`): all of them,
  /// except in tests that force hashes to be shared.
  var idHashMask: UInt64 = .max

  public init(journal: String, lockWaiting: JournalLock.Waiting = JournalLock.Waiting()) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  // MARK: - Creating

  /// Adds `entry` to the day file of its date and returns it.
  /// - Throws: `validationError` when it breaks a rule of the manual's `journal` topic, `duplicateEntry` when its id is
  ///   taken, `persistenceError` when the journal cannot be read or written.
  @discardableResult
  public func create(_ entry: FoodEntry) throws(ModelError) -> FoodEntry {
    do throws(FoodEntryValidationError) {
      try entry.validate()
    } catch {
      throw .validationError(error.message)
    }
    if case .alreadyPresent = try create([
      JournalEntryLine(object: EntryLineEncoder.object(for: entry), entry: entry)
    ]) {
      throw .duplicateEntry(entry.id)
    }
    return entry
  }

  /// What adding a batch of lines did.
  public enum Creation: Sendable, Equatable {
    /// Every line was added: the day files written, in the order of their first line in the batch,
    /// each with how many of the lines it received.
    case added([AddedFile])
    /// Nothing was written: the journal already has these lines' ids (by index in the batch), here.
    case alreadyPresent([Int: SourceLocation])
  }

  /// A day file that received lines of a batch.
  public struct AddedFile: Sendable, Equatable {
    public var path: String
    public var entries: Int
  }

  /// Adds already validated lines (from `EntryLineReader`) all at once, in one transaction, each
  /// written in canonical form to the day file of its date, where `fmt` would put it (other lines
  /// byte-identical). Nothing is written when the journal already has an entry with the id of one
  /// of them (`Creation.alreadyPresent`). The journal's ids are checked without reading it whole
  /// (`JournalIDSearch`).
  /// - Throws: `duplicateEntry` when two of `lines` share an id, `persistenceError`.
  @discardableResult
  public func create(_ lines: [JournalEntryLine]) throws(ModelError) -> Creation {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) -> Creation in
      try Self.checkDistinctIDs(lines)
      let search = JournalIDSearch(journal: journal, hashMask: idHashMask)
      let copies = try copies(of: lines, comparing: false, in: search)
      guard copies.found.allSatisfy({ $0 == nil }) else {
        var present: [Int: SourceLocation] = [:]
        for (index, copy) in copies.found.enumerated() { present[index] = copy.map(copies.location) }
        return .alreadyPresent(present)
      }
      return .added(
        try write(inserting: Array(lines.indices), of: lines, existing: search.files, commit: true))
    }
  }

  /// - Throws: `duplicateEntry` when two of `lines` share an id (letter case ignored).
  static func checkDistinctIDs(_ lines: some EntryLineBatch) throws(ModelError) {
    var values = Set<UInt128>()
    var others = Set<String>()
    for index in 0..<lines.count {
      if let value = lines.idValue(at: index) {
        if values.insert(value).inserted { continue }
      } else if others.insert(try lines.line(at: index).entry.id.lowercased()).inserted {
        continue
      }
      throw .duplicateEntry(try lines.line(at: index).entry.id)
    }
  }

  // MARK: - Reading

  /// The entry with `id` (compared case-insensitively) or a unique prefix of it, or nil.
  public func fetch(id: String) throws(ModelError) -> FoodEntry? {
    try readConsistently { () throws(ModelError) in
      try locate(id: id, in: JournalIDSearch(journal: journal, hashMask: idHashMask))?.line.entry
    }
  }

  /// The entries dated `date`, by time then id.
  public func fetch(for date: CivilDate) throws(ModelError) -> [FoodEntry] {
    try entries { $0.timestamp.localDate == date }
  }

  /// The entries dated `today` (pass `ReportClock.today(…)` or a `--today` date).
  public func fetchToday(today: CivilDate) throws(ModelError) -> [FoodEntry] {
    try fetch(for: today)
  }

  /// Every valid entry that `isIncluded` accepts, by time then id (the day files read one at a time).
  func entries(where isIncluded: (FoodEntry) -> Bool) throws(ModelError) -> [FoodEntry] {
    let found = try readConsistently { () throws(ModelError) -> [FoodEntry] in
      var found: [FoodEntry] = []
      try forEachDayFile { contents in
        for line in contents.lines {
          if let entry = line.outcome.line?.entry, isIncluded(entry) { found.append(entry) }
        }
      }
      return found
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
      let search = JournalIDSearch(journal: journal, hashMask: idHashMask)
      guard let place = try locate(id: id, in: search) else { throw notFound(id) }
      let (contents, index, old) = (place.contents, place.index, place.line)
      var entry = old.entry
      change(&entry)
      entry.id = old.entry.id
      do throws(FoodEntryValidationError) {
        try entry.validate()
      } catch {
        throw .validationError(error.message)
      }
      let new = JournalEntryLine(object: EntryLineEncoder.updating(old.object, to: entry), entry: entry)
      let writer = DayFileWriter(journal: journal)
      let date = entry.timestamp.localDate
      let target =
        date == old.entry.timestamp.localDate
        ? contents.path : writer.dayFilePath(for: date, existing: search.files)
      // A move rewrites two files: one transaction, so the entry is never in both or in neither.
      let transaction = JournalTransaction(journal: journal)
      if target != contents.path {
        try transaction.replace(target, with: writer.contents(of: target).rewritten(inserting: [new]))
        try transaction.replace(contents.path, with: contents.replacingLines([index: nil]))
      } else if entry.timestamp == old.entry.timestamp {
        try transaction.replace(
          contents.path, with: contents.replacingLines([index: EntryLineEncoder.writtenLine(new.object)]))
      } else {
        // A new time may put the entry elsewhere in its file: where `fmt` would.
        try transaction.replace(
          contents.path, with: contents.rewritten(replacing: [index: nil], inserting: [new]))
      }
      try transaction.commit()
      return entry
    }
  }

  /// Removes the entry with `id`.
  /// - Throws: `notFound`, `persistenceError`.
  public func delete(id: String) throws(ModelError) {
    try delete(ids: [id])
  }

  /// Removes every entry dated `date`, in one transaction; returns how many were removed.
  @discardableResult
  public func deleteAll(for date: CivilDate) throws(ModelError) -> Int {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) -> Int in
      var removed = 0
      let transaction = JournalTransaction(journal: journal)
      try forEachDayFile { contents throws(ModelError) in
        var replacements: [Int: String?] = [:]
        for (index, line) in contents.lines.enumerated()
        where line.outcome.line?.entry.timestamp.localDate == date {
          replacements[index] = .some(nil)
        }
        guard !replacements.isEmpty else { return }
        try transaction.replace(contents.path, with: contents.replacingLines(replacements))
        removed += replacements.count
      }
      try transaction.commit()
      return removed
    }
  }

  // MARK: - Files

  /// `read`'s result on the journal read without the writers' lock: never half of a transaction
  /// (`JournalReading`; `read` may run more than once).
  /// - Throws: `persistenceError` also when a killed writer's transaction cannot be completed.
  func readConsistently<Result>(_ read: () throws(ModelError) -> Result) throws(ModelError) -> Result {
    let (result, problems) = try JournalReading.consistently(journal: journal, read)
    if let problem = problems.first { throw .persistenceError(problem.rendered) }
    return result
  }

  /// Reads every day file of the journal in full, one at a time, in path order (under the
  /// `JournalLock`, or inside `readConsistently`).
  func forEachDayFile(_ body: (DayFileContents) throws(ModelError) -> Void) throws(ModelError) {
    for file in DayFileFinder.find(in: journal).files {
      try body(DayFileContents.read(file.path))
    }
  }

  /// A line of a day file read in full: the file and the line's index in it.
  struct EntryPlace {
    var contents: DayFileContents
    var index: Int

    /// The valid entry line there.
    var line: JournalEntryLine { contents.lines[index].outcome.line! }
    /// `path:line:1`.
    var location: SourceLocation {
      SourceLocation(path: contents.path, line: contents.lines[index].number, column: 1)
    }
  }

  /// The line of the entry with `id` (or a unique prefix of it) found by `search`.
  /// - Throws: `relationshipError` listing every place when the id is on more than one line (in two
  ///   files, or twice in one): which copy is meant cannot be told, so none is changed.
  func locate(id: String, in search: JournalIDSearch) throws(ModelError) -> EntryPlace? {
    guard let found = try places(ofEntry: id, in: search) else { return nil }
    guard found.count > 1 else { return found.first }
    throw inSeveralPlaces(id, found)
  }

  /// A shortened id needs at least this many characters (as in git), so that a stray short word
  /// never names an entry.
  public static let shortestIDPrefix = 4

  /// The lines of the entry `id` names: its whole id, or a prefix of at least `shortestIDPrefix`
  /// characters that only one entry's id starts with (ids compared case-insensitively, as UUIDs
  /// are); nil when none. Only the day files holding a match are read in full (a whole id is
  /// looked up by its hash, `JournalIDSearch`).
  /// - Throws: `ambiguousID` when the prefix starts the ids of several entries.
  func places(ofEntry id: String, in search: JournalIDSearch) throws(ModelError) -> [EntryPlace]? {
    let wanted = id.lowercased()
    // A valid entry's id is a UUID: text that starts none is no entry's.
    guard wanted.count >= Self.shortestIDPrefix, let prefix = EntryIDPrefix(wanted) else { return nil }
    var exact: [EntryPlace] = []
    var byID: [String: [EntryPlace]] = [:]
    var order: [String] = []
    func collect(_ contents: DayFileContents) {
      for (index, line) in contents.lines.enumerated() {
        guard let entryID = line.outcome.line?.entry.id.lowercased() else { continue }
        if entryID == wanted {
          exact.append(EntryPlace(contents: contents, index: index))
        } else if exact.isEmpty, entryID.hasPrefix(wanted) {
          if byID[entryID] == nil { order.append(entryID) }
          byID[entryID, default: []].append(EntryPlace(contents: contents, index: index))
        }
      }
    }
    if prefix.isWhole {
      try search.forEachFile(holding: [search.hash(prefix.value)], collect)
    } else {
      try search.forEachFile(withIDWhere: prefix.matches, collect)
    }
    if !exact.isEmpty { return exact }
    guard order.count > 1 else { return order.first.flatMap { byID[$0] } }
    throw .ambiguousID(
      TerminalSafeText.escaped(id),
      candidates: order.map { candidate in
        let place = byID[candidate]![0]
        return TerminalSafeText.escaped(
          "\(place.line.entry.id) (\(place.contents.path):\(place.location.line))")
      })
  }

  /// The error for an entry id on more than one line (`found`).
  func inSeveralPlaces(_ id: String, _ found: [EntryPlace]) -> ModelError {
    let places = found.map { "\($0.contents.path):\($0.location.line)" }
    return .relationshipError(
      "entry \"\(TerminalSafeText.escaped(id))\" is in \(found.count) places: "
        + TerminalSafeText.escaped(places.joined(separator: ", "))
        + "; keep one copy (remove or re-id the others by hand), then try again")
  }

  func notFound(_ id: String) -> ModelError {
    .notFound("entry with id \(id) in journal '\(journal)'")
  }
}
