import DemeterFoundation
import DemeterJournal

extension FoodEntryRepository {
  /// What merging a batch did, or would do: the day files that received its new lines, where the
  /// journal already has the others (by index in the batch), and which of those its copy differs
  /// from.
  public struct Merge: Sendable, Equatable {
    public var added: [AddedFile]
    /// The journal's copies, by index in the batch (16 bytes a line: a batch may have a million).
    fileprivate var copies: [Copy?]
    fileprivate var paths: [String]
    /// How many lines of the batch the journal already has.
    public private(set) var presentCount: Int
    /// The indices (ascending) of present lines whose journal copy says something else
    /// (`JournalEntryLine.hasSameContent`): the copies they replaced when updating.
    public var differing: [Int]

    /// Where the journal has the line at `index` of the batch, or nil when it did not have it.
    public func present(at index: Int) -> SourceLocation? {
      copies[index].map { Copies.location(of: $0, in: paths) }
    }

    /// Where the journal has the lines it had, by index in the batch.
    public var present: [Int: SourceLocation] {
      var present: [Int: SourceLocation] = [:]
      for index in copies.indices { present[index] = self.present(at: index) }
      return present
    }
  }

  /// Adds the lines whose ids the journal does not have yet, all at once, as `create` adds a batch
  /// (`import`: a file imported again adds nothing). A line is also found by its former id
  /// (`formerIDs`, by index: the id an earlier version of the importer derived). With `update`, a
  /// line whose journal copy differs replaces it, keeping the copy's id, in the same transaction
  /// (unless the journal has that id on several lines: which copy is meant cannot be told):
  /// in place when its time is unchanged, else where `fmt` would put it; every other line stays
  /// byte-identical. With `dryRun` nothing is written (not even the lock): the result says what would be.
  /// The batch's lines are read one at a time (`EntryLineBatch`): a line when its copy is compared,
  /// a day file's new lines when that file is staged.
  /// - Throws: `duplicateEntry` when two of `lines` share an id, `relationshipError` when a copy to
  ///   update is on several lines, `persistenceError`.
  public func merge(
    _ lines: some EntryLineBatch, formerIDs: [Int: String] = [:], update: Bool = false, dryRun: Bool
  ) throws(ModelError) -> Merge {
    try Self.checkDistinctIDs(lines)
    func merged(_ search: JournalIDSearch) throws(ModelError) -> Merge {
      let copies = try copies(of: lines, formerIDs: formerIDs, comparing: true, countingLines: update, in: search)
      var differing: [Int] = []
      var replacements: [String: [Int: String?]] = [:]
      var moved: [JournalEntryLine] = []
      var new: [Int] = []
      for index in 0..<lines.count {
        guard let copy = copies.found[index] else {
          new.append(index)
          continue
        }
        let location = copies.location(of: copy)
        guard let other = copies.differing[index] else { continue }
        differing.append(index)
        guard update else { continue }
        let value = copy.byFormerID ? formerIDs[index].flatMap(Self.idValue) : lines.idValue(at: index)
        if let value, copies.lineCount[value, default: 0] > 1,
          let found = try places(ofEntry: other.id, in: search)
        {
          throw inSeveralPlaces(other.id, found)
        }
        let new = try lines.line(at: index).withID(other.id)
        let inPlace = new.entry.timestamp == other.timestamp
        replacements[location.path, default: [:]][Int(copy.index)] = .some(
          inPlace ? EntryLineEncoder.writtenLine(new.object) : nil)
        if !inPlace { moved.append(new) }
      }
      let added = try write(
        inserting: new, of: lines, moving: moved, replacing: replacements, existing: search.files,
        commit: !dryRun)
      return Merge(
        added: added, copies: copies.found, paths: copies.paths, presentCount: lines.count - new.count,
        differing: differing)
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
  /// ignored), else with its former id. Small, as a batch may have a million lines.
  struct Copy: Sendable, Equatable {
    /// The file, by number in `Copies.paths`.
    var file: Int32
    /// The line's number in its file.
    var line: Int32
    /// The line's index in its file (`DayFileContents.lines`).
    var index: Int32
    /// Whether it was found by the batch line's former id.
    var byFormerID: Bool
  }

  /// The journal's copies of a batch's lines, found file by file (`JournalIDSearch`: only the day
  /// files that may hold one of their ids are read in full, one at a time).
  struct Copies {
    /// By index in the batch.
    var found: [Copy?]
    /// The files copies are in.
    var paths: [String] = []
    /// The id and timestamp of the copies that say something else than their batch line
    /// (`JournalEntryLine.hasSameContent`), by index in the batch; only when compared.
    var differing: [Int: (id: String, timestamp: Timestamp)] = [:]
    /// How many valid lines of the journal have each id asked for (when counted).
    var lineCount: [UInt128: Int] = [:]

    /// `path:line:1` of `copy`.
    func location(of copy: Copy) -> SourceLocation { Self.location(of: copy, in: paths) }

    /// `path:line:1` of `copy`, its file numbered in `paths`.
    static func location(of copy: Copy, in paths: [String]) -> SourceLocation {
      SourceLocation(path: paths[Int(copy.file)], line: Int(copy.line), column: 1)
    }
  }

  /// The copies of `lines` in the journal `search` reads, found by the lines' ids and, for a line
  /// without a copy of its own id, its former id (`formerIDs`, by index). With `comparing`, each
  /// copy is compared with its line; with `countingLines`, the lines of each id are counted.
  func copies(
    of lines: some EntryLineBatch, formerIDs: [Int: String] = [:], comparing: Bool, countingLines: Bool = false,
    in search: JournalIDSearch
  ) throws(ModelError) -> Copies {
    // The lines with a UUID id (a valid line's id is one: an id that is none has no copy), by value
    // (4 bytes a line; the values are the batch's).
    var own = (0..<lines.count).filter { lines.idValue(at: $0) != nil }.map { Int32($0) }
    own.sort { lines.idValue(at: Int($0))! < lines.idValue(at: Int($1))! }
    func ownIndex(_ value: UInt128) -> Int? {
      let low = own.partitioningIndex { lines.idValue(at: Int($0))! >= value }
      return low < own.count && lines.idValue(at: Int(own[low])) == value ? Int(own[low]) : nil
    }
    var former: [UInt128: [Int]] = [:]
    var hashes = own.map { search.hash(lines.idValue(at: Int($0))!) }
    for (index, formerID) in formerIDs {
      guard let value = Self.idValue(formerID) else { continue }
      former[value, default: []].append(index)
      hashes.append(search.hash(value))
    }
    for index in former.keys { former[index]!.sort() }
    var copies = Copies(found: [Copy?](repeating: nil, count: lines.count))
    try search.forEachFile(holding: hashes) { contents throws(ModelError) in
      var fileNumber: Int32?
      for (lineIndex, fileLine) in contents.lines.enumerated() {
        guard let copy = fileLine.outcome.line, let value = Self.idValue(copy.entry.id) else { continue }
        let mine = ownIndex(value)
        let theirs = former[value] ?? []
        guard mine != nil || !theirs.isEmpty else { continue }
        func take(_ index: Int, byFormerID: Bool) throws(ModelError) {
          if fileNumber == nil {
            fileNumber = Int32(copies.paths.count)
            copies.paths.append(contents.path)
          }
          copies.found[index] = Copy(
            file: fileNumber!, line: Int32(fileLine.number), index: Int32(lineIndex), byFormerID: byFormerID)
          var same = true
          if comparing {
            // The same bytes say the same; only other bytes need the line read and compared.
            let text = try lines.writtenText(at: index)
            if text?.elementsEqual(contents.bytes[fileLine.content]) != true {
              same = try lines.line(at: index).hasSameContent(as: copy)
            }
          }
          copies.differing[index] = same ? nil : (copy.entry.id, copy.entry.timestamp)
        }
        if countingLines { copies.lineCount[value, default: 0] += 1 }
        if let mine, copies.found[mine]?.byFormerID ?? true { try take(mine, byFormerID: false) }
        for index in theirs where copies.found[index] == nil { try take(index, byFormerID: true) }
      }
    }
    return copies
  }

  /// The value of an entry id that is a UUID (letter case ignored), else nil.
  static func idValue(_ id: String) -> UInt128? {
    var id = id
    return id.withUTF8 { UUIDText.value($0) }
  }

  /// Writes the `new` lines of `batch` (by index; new ids) and the `moved` ones each into the day
  /// file of its date and applies `replacements` (by path, then line index in the file: a new text,
  /// or nil to remove; each of those files read again, as `DayFileContents`), all in one
  /// transaction when `commit`, a file's lines read from `batch` when it is staged. `existing` are
  /// the journal's day files. Returns the files that received new lines, in the order of their
  /// first line.
  func write(
    inserting new: [Int], of batch: some EntryLineBatch, moving moved: [JournalEntryLine] = [],
    replacing replacements: [String: [Int: String?]] = [:], existing dayFiles: [DayFile], commit: Bool
  ) throws(ModelError) -> [AddedFile] {
    let writer = DayFileWriter(journal: journal)
    let places = DayFilePlaces(journal: journal, existing: dayFiles)
    // By path: the lines it receives, a batch index (new) or -1 - an index in `moved`.
    var byPath: [String: [Int]] = [:]
    var newByPath: [String: Int] = [:]
    var order: [String] = []
    func place(_ reference: Int, date: CivilDate) {
      let path = places.path(for: date)
      if byPath[path] == nil { order.append(path) }
      byPath[path, default: []].append(reference)
      if reference >= 0 { newByPath[path, default: 0] += 1 }
    }
    for index in new { place(index, date: batch.date(at: index)) }
    for (index, line) in moved.enumerated() { place(-1 - index, date: line.entry.timestamp.localDate) }
    func lines(_ references: [Int]?) throws(ModelError) -> [JournalEntryLine] {
      var lines: [JournalEntryLine] = []
      for reference in references ?? [] {
        lines.append(reference >= 0 ? try batch.line(at: reference) : moved[-1 - reference])
      }
      return lines
    }
    if commit {
      let transaction = JournalTransaction(journal: journal)
      for (path, changes) in replacements.sorted(by: { $0.key < $1.key }) {
        try transaction.replace(
          path,
          with: DayFileContents.read(path).rewritten(
            replacing: changes, inserting: lines(byPath.removeValue(forKey: path))))
      }
      for path in order {
        guard let references = byPath[path] else { continue }
        try transaction.replace(path, with: writer.contents(of: path).rewritten(inserting: lines(references)))
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
