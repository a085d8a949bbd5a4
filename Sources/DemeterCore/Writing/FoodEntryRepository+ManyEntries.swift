import DemeterFoundation
import DemeterJournal

extension FoodEntryRepository {
  /// Changes the entries with `ids` (or unique prefixes of them) with `change`, read and written
  /// under one lock and in one transaction: when one id is unknown or one changed entry breaks a
  /// rule, nothing is written. `change` must keep each entry's time (the lines stay where they are);
  /// members whose value did not change keep their text and unknown keys stay, as `update(id:_:)`.
  /// Returns the changed entries, in the order given.
  /// - Throws: `notFound` (naming the first unknown id), `ambiguousID`, `relationshipError` (an id
  ///   on several lines), `validationError`, `persistenceError`.
  @discardableResult
  public func update(ids: [String], _ change: (inout FoodEntry) -> Void) throws(ModelError) -> [FoodEntry] {
    try rewriteLines(ofEntries: ids) { place throws(ModelError) in
      let old = place.line
      var entry = old.entry
      change(&entry)
      entry.id = old.entry.id
      entry.timestamp = old.entry.timestamp
      do throws(FoodEntryValidationError) {
        try entry.validate()
      } catch {
        throw .validationError(error.message)
      }
      return (EntryLineEncoder.writtenLine(EntryLineEncoder.updating(old.object, to: entry)), entry)
    }
  }

  /// Removes the entries with `ids` (or unique prefixes of them), all in one transaction; when one
  /// is unknown, none. Returns the whole ids removed, in the order given. Only the day files that
  /// hold one are read in full.
  /// - Throws: `notFound` (naming the first unknown id), `ambiguousID`, `relationshipError` (an id
  ///   on several lines), `persistenceError`.
  @discardableResult
  public func delete(ids: [String]) throws(ModelError) -> [String] {
    try rewriteLines(ofEntries: ids) { place throws(ModelError) in (nil, place.line.entry.id) }
  }

  /// Replaces the line of each entry `ids` names with the line `rewrite` makes of it (nil: the
  /// line goes), under one lock and in one transaction; when one id is unknown, or `rewrite` throws,
  /// nothing is written. Returns `rewrite`'s results in the order given.
  private func rewriteLines<Result>(
    ofEntries ids: [String], _ rewrite: (EntryPlace) throws(ModelError) -> (line: String?, result: Result)
  ) throws(ModelError) -> [Result] {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) -> [Result] in
      let search = JournalIDSearch(journal: journal, hashMask: idHashMask)
      var files: [String: (contents: DayFileContents, lines: [Int: String?])] = [:]
      var results: [Result] = []
      for id in ids {
        guard let place = try locate(id: id, in: search) else { throw notFound(id) }
        let (line, result) = try rewrite(place)
        files[place.contents.path, default: (place.contents, [:])].lines[place.index] = .some(line)
        results.append(result)
      }
      let transaction = JournalTransaction(journal: journal)
      for (path, file) in files.sorted(by: { $0.key < $1.key }) {
        try transaction.replace(path, with: file.contents.replacingLines(file.lines))
      }
      try transaction.commit()
      return results
    }
  }
}
