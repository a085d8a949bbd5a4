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
    var seen = Set<String>()
    for line in lines where !seen.insert(line.entry.id.lowercased()).inserted {
      throw .duplicateEntry(line.entry.id)
    }
    func merged(_ files: [DayFileContents]) throws(ModelError) -> Merge {
      let places = places(of: lines, formerIDs: formerIDs, in: files)
      var present: [Int: SourceLocation] = [:]
      var differing: [Int] = []
      var replacements: [Int: [Int: String?]] = [:]
      var moved: [JournalEntryLine] = []
      let severalPlaces = update ? Self.idsOnSeveralLines(in: files) : []
      for (index, line) in lines.enumerated() {
        guard let place = places[index] else { continue }
        present[index] = location(of: place, in: files)
        let copy = files[place.file].lines[place.index].outcome.line!
        guard !line.hasSameContent(as: copy) else { continue }
        differing.append(index)
        guard update else { continue }
        if severalPlaces.contains(copy.entry.id.lowercased()),
          let found = try self.places(ofEntry: copy.entry.id, in: files)
        {
          throw inSeveralPlaces(copy.entry.id, found, of: files)
        }
        let new = line.withID(copy.entry.id)
        let inPlace = new.entry.timestamp == copy.entry.timestamp
        replacements[place.file, default: [:]][place.index] = .some(
          inPlace ? EntryLineEncoder.writtenLine(new.object) : nil)
        if !inPlace { moved.append(new) }
      }
      let new = lines.indices.filter { places[$0] == nil }.map { lines[$0] }
      let added = try write(
        inserting: new, moving: moved, replacing: replacements, in: files, commit: !dryRun)
      return Merge(added: added, present: present, differing: differing)
    }
    if dryRun { return try merged(filesRead()) }
    return try JournalLock.withLock(journal: journal, waiting: lockWaiting) {
      () throws(ModelError) -> Merge in
      try merged(allFiles())
    }
  }

  /// Where `files` hold each of `lines` (by index in `lines`): the first valid line with its id
  /// (letter case ignored), else with its former id (`formerIDs`, by index).
  func places(of lines: [JournalEntryLine], formerIDs: [Int: String] = [:], in files: [DayFileContents])
    -> [Int: (file: Int, index: Int)]
  {
    var byID: [String: (file: Int, index: Int)] = [:]
    for (file, contents) in files.enumerated() {
      for (index, line) in contents.lines.enumerated() {
        guard let id = line.outcome.line?.entry.id.lowercased(), byID[id] == nil else { continue }
        byID[id] = (file, index)
      }
    }
    var places: [Int: (file: Int, index: Int)] = [:]
    for (index, line) in lines.enumerated() {
      let former = formerIDs[index].flatMap { byID[$0.lowercased()] }
      if let place = byID[line.entry.id.lowercased()] ?? former { places[index] = place }
    }
    return places
  }

  /// The ids (lowercased) that more than one valid line of `files` has.
  private static func idsOnSeveralLines(in files: [DayFileContents]) -> Set<String> {
    var seen = Set<String>()
    var repeated = Set<String>()
    for contents in files {
      for line in contents.lines {
        if let id = line.outcome.line?.entry.id.lowercased(), !seen.insert(id).inserted {
          repeated.insert(id)
        }
      }
    }
    return repeated
  }

  /// The location (`path:line:1`) of the line at `place` in `files`.
  func location(of place: (file: Int, index: Int), in files: [DayFileContents]) -> SourceLocation {
    SourceLocation(path: files[place.file].path, line: files[place.file].lines[place.index].number, column: 1)
  }

  /// Writes `new` lines (new ids) and `moved` ones each into the day file of its date and applies
  /// `replacements` to `files` (by position in `files`, then line index: a new text, or nil to
  /// remove), all in one transaction when `commit`. Returns the files that received new lines, in
  /// the order of their first line.
  func write(
    inserting new: [JournalEntryLine], moving moved: [JournalEntryLine] = [],
    replacing replacements: [Int: [Int: String?]] = [:], in files: [DayFileContents] = [], commit: Bool
  ) throws(ModelError) -> [AddedFile] {
    let writer = DayFileWriter(journal: journal)
    let dayFiles = DayFileFinder.find(in: journal).files
    var byPath: [String: [JournalEntryLine]] = [:]
    var newByPath: [String: Int] = [:]
    var order: [String] = []
    for (number, line) in (new + moved).enumerated() {
      let path = writer.dayFilePath(for: line.entry.timestamp.localDate, existing: dayFiles)
      if byPath[path] == nil { order.append(path) }
      byPath[path, default: []].append(line)
      if number < new.count { newByPath[path, default: 0] += 1 }
    }
    if commit {
      let transaction = JournalTransaction(journal: journal)
      for (file, changes) in replacements.sorted(by: { $0.key < $1.key }) {
        let contents = files[file]
        try transaction.replace(
          contents.path,
          with: contents.rewritten(
            replacing: changes, inserting: byPath.removeValue(forKey: contents.path) ?? []))
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
