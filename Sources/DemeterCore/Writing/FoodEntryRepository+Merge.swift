extension FoodEntryRepository {
  /// What merging a batch did, or would do: the day files that received its new lines, where the
  /// journal already has the others (by index in the batch), and which of those its copy differs
  /// from.
  public struct Merge: Sendable, Equatable {
    public var added: [AddedFile]
    public var present: [Int: SourceLocation]
    /// The indices (ascending) of present lines whose journal copy says something else
    /// (`JournalEntryLine.hasSameContent`): the copies they replaced when updating.
    public var differing: [Int]
  }

  /// Adds the lines whose ids the journal does not have yet, all at once, as `create` adds a batch
  /// (`import`: a file imported again adds nothing). A line is also found by its former id
  /// (`formerIDs`, by index: the id an earlier version of the importer derived). With `update`, a
  /// line whose journal copy differs replaces it, keeping the copy's id, in the same transaction
  /// (unless the journal has that id on several lines: which copy is meant cannot be told):
  /// in place when its time is unchanged, else where `fmt` would put it; every other line stays
  /// byte-identical. With `dryRun` nothing is written (not even the lock): the result says what would be.
  /// - Throws: `duplicateEntry` when two of `lines` share an id, `relationshipError` when a copy to
  ///   update is on several lines, `persistenceError`.
  public func merge(
    _ lines: [JournalEntryLine], formerIDs: [Int: String] = [:], update: Bool = false, dryRun: Bool
  ) throws(ModelError) -> Merge {
    try Self.checkDistinctIDs(lines)
    func merged(_ search: JournalIDSearch) throws(ModelError) -> Merge {
      let copies = try copies(of: lines, formerIDs: formerIDs, comparing: true, in: search)
      var present: [Int: SourceLocation] = [:]
      var differing: [Int] = []
      var replacements: [String: [Int: String?]] = [:]
      var moved: [JournalEntryLine] = []
      for (index, line) in lines.enumerated() {
        guard let copy = copies.found[index] else { continue }
        present[index] = copy.location
        guard let other = copies.differing[index] else { continue }
        differing.append(index)
        guard update else { continue }
        if copies.lineCount[copy.value, default: 0] > 1,
          let found = try places(ofEntry: other.id, in: search)
        {
          throw inSeveralPlaces(other.id, found)
        }
        let new = line.withID(other.id)
        let inPlace = new.entry.timestamp == other.timestamp
        replacements[copy.location.path, default: [:]][copy.index] = .some(
          inPlace ? EntryLineEncoder.writtenLine(new.object) : nil)
        if !inPlace { moved.append(new) }
      }
      let new = lines.indices.filter { copies.found[$0] == nil }.map { lines[$0] }
      let added = try write(
        inserting: new, moving: moved, replacing: replacements, existing: search.files, commit: !dryRun)
      return Merge(added: added, present: present, differing: differing)
    }
    if dryRun {
      return try readConsistently { () throws(ModelError) in
        try merged(JournalIDSearch(journal: journal, hashMask: idHashMask))
      }
    }
    return try JournalLock.withLock(journal: journal, waiting: lockWaiting) {
      () throws(ModelError) -> Merge in
      try merged(JournalIDSearch(journal: journal, hashMask: idHashMask))
    }
  }

  /// Where the journal holds a line of a batch: the first valid line with its id (letter case
  /// ignored), else with its former id.
  struct Copy {
    /// `path:line:1`.
    var location: SourceLocation
    /// The line's index in its file (`DayFileContents.lines`).
    var index: Int
    /// The copy's id as a UUID's value.
    var value: UInt128
    /// Whether it was found by the batch line's former id.
    var byFormerID: Bool
  }

  /// The journal's copies of a batch's lines, found file by file (`JournalIDSearch`: only the day
  /// files that may hold one of their ids are read in full, one at a time).
  struct Copies {
    /// By index in the batch.
    var found: [Copy?]
    /// The id and timestamp of the copies that say something else than their batch line
    /// (`JournalEntryLine.hasSameContent`), by index in the batch; only when compared.
    var differing: [Int: (id: String, timestamp: Timestamp)] = [:]
    /// How many valid lines of the journal have each id asked for (when compared).
    var lineCount: [UInt128: Int] = [:]
  }

  /// The copies of `lines` in the journal `search` reads, found by the lines' ids and, for a line
  /// without a copy of its own id, its former id (`formerIDs`, by index). With `comparing`, each
  /// copy is compared with its line and the lines of each id counted.
  func copies(
    of lines: [JournalEntryLine], formerIDs: [Int: String] = [:], comparing: Bool, in search: JournalIDSearch
  ) throws(ModelError) -> Copies {
    var own: [UInt128: Int] = [:]
    var former: [UInt128: [Int]] = [:]
    var hashes = Set<UInt64>()
    // A valid line's id is a UUID: an id that is none has no copy.
    for (index, line) in lines.enumerated() {
      if let value = Self.idValue(line.entry.id) {
        own[value] = index
        hashes.insert(search.hash(value))
      }
      if let formerID = formerIDs[index], let value = Self.idValue(formerID) {
        former[value, default: []].append(index)
        hashes.insert(search.hash(value))
      }
    }
    var copies = Copies(found: [Copy?](repeating: nil, count: lines.count))
    try search.forEachFile(holding: hashes) { contents in
      for (lineIndex, fileLine) in contents.lines.enumerated() {
        guard let copy = fileLine.outcome.line, let value = Self.idValue(copy.entry.id) else { continue }
        let mine = own[value]
        let theirs = former[value] ?? []
        guard mine != nil || !theirs.isEmpty else { continue }
        func take(_ index: Int, byFormerID: Bool) {
          copies.found[index] = Copy(
            location: SourceLocation(path: contents.path, line: fileLine.number, column: 1), index: lineIndex,
            value: value, byFormerID: byFormerID)
          copies.differing[index] =
            !comparing || lines[index].hasSameContent(as: copy) ? nil : (copy.entry.id, copy.entry.timestamp)
        }
        if comparing { copies.lineCount[value, default: 0] += 1 }
        if let mine, copies.found[mine]?.byFormerID ?? true { take(mine, byFormerID: false) }
        for index in theirs where copies.found[index] == nil { take(index, byFormerID: true) }
      }
    }
    return copies
  }

  /// The value of an entry id that is a UUID (letter case ignored), else nil.
  static func idValue(_ id: String) -> UInt128? {
    var id = id
    return id.withUTF8 { UUIDText.value($0) }
  }

  /// Writes `new` lines (new ids) and `moved` ones each into the day file of its date and applies
  /// `replacements` (by path, then line index in the file: a new text, or nil to remove; each of
  /// those files read again, as `DayFileContents`), all in one transaction when `commit`.
  /// `existing` are the journal's day files. Returns the files that received new lines, in the
  /// order of their first line.
  func write(
    inserting new: [JournalEntryLine], moving moved: [JournalEntryLine] = [],
    replacing replacements: [String: [Int: String?]] = [:], existing dayFiles: [DayFile], commit: Bool
  ) throws(ModelError) -> [AddedFile] {
    let writer = DayFileWriter(journal: journal)
    let places = DayFilePlaces(journal: journal, existing: dayFiles)
    var byPath: [String: [JournalEntryLine]] = [:]
    var newByPath: [String: Int] = [:]
    var order: [String] = []
    for (number, line) in (new + moved).enumerated() {
      let path = places.path(for: line.entry.timestamp.localDate)
      if byPath[path] == nil { order.append(path) }
      byPath[path, default: []].append(line)
      if number < new.count { newByPath[path, default: 0] += 1 }
    }
    if commit {
      let transaction = JournalTransaction(journal: journal)
      for (path, changes) in replacements.sorted(by: { $0.key < $1.key }) {
        try transaction.replace(
          path,
          with: DayFileContents.read(path).rewritten(
            replacing: changes, inserting: byPath.removeValue(forKey: path) ?? []))
      }
      for path in order {
        guard let lines = byPath[path] else { continue }
        try transaction.replace(path, with: writer.contents(of: path).rewritten(inserting: lines))
      }
      try transaction.commit()
    }
    return order.compactMap { path in newByPath[path].map { AddedFile(path: path, entries: $0) } }
  }
}

extension JournalEntryLine {
  /// This line with the id `id` (a copy's id that an update keeps).
  fileprivate func withID(_ id: String) -> JournalEntryLine {
    var object = object
    if let index = object.members.firstIndex(where: { $0.key == EntryField.id.rawValue }) {
      object.members[index].value = .string(id)
    }
    var entry = entry
    entry.id = id
    return JournalEntryLine(object: object, entry: entry)
  }
}
