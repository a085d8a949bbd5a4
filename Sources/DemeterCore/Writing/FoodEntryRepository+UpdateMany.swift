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
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) -> [FoodEntry] in
      let search = JournalIDSearch(journal: journal, hashMask: idHashMask)
      var files: [String: (contents: DayFileContents, lines: [Int: String?])] = [:]
      var changed: [FoodEntry] = []
      for id in ids {
        guard let place = try locate(id: id, in: search) else { throw notFound(id) }
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
        let line = EntryLineEncoder.writtenLine(EntryLineEncoder.updating(old.object, to: entry))
        files[place.contents.path, default: (place.contents, [:])].lines[place.index] = .some(line)
        changed.append(entry)
      }
      let transaction = JournalTransaction(journal: journal)
      for (path, file) in files.sorted(by: { $0.key < $1.key }) {
        try transaction.replace(path, with: file.contents.replacingLines(file.lines))
      }
      try transaction.commit()
      return changed
    }
  }
}
