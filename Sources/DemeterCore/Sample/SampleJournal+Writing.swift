import DemeterFoundation
import DemeterJournal

extension SampleJournal {
  /// What already in `folder` the sample would write over (its day files, its ingredient
  /// database), as a phrase (`3 day files and ingredients.jsonl`); nil when it holds neither.
  public static func journalHeld(in folder: String) -> String? {
    let existing = DayFileFinder.find(in: folder).files.count
    let hasIngredients = FileBytes.exists(JournalLayout(journal: folder).ingredients)
    guard existing > 0 || hasIngredients else { return nil }
    var holds: [String] = []
    if existing > 0 { holds.append("\(count: existing, "day file")") }
    if hasIngredients { holds.append(IngredientDatabase.fileName) }
    return holds.joined(separator: " and ")
  }

  /// Writes `days` (the sample's day files), its ingredient database, recipes and plan into the
  /// existing `folder` as one transaction under the journal lock (as `add` and `fmt` write), so a concurrent
  /// writer loses nothing and a killed run leaves all of the sample or none of it.
  /// - Returns: the paths written.
  /// - Throws: the lock's or the transaction's error.
  public static func write(_ days: [DayFile], into folder: String, waiting: JournalLock.Waiting)
    throws(ModelError) -> [String]
  {
    try JournalLock.withLock(journal: folder, waiting: waiting) { () throws(ModelError) -> [String] in
      let transaction = JournalTransaction(journal: folder)
      for day in days {
        let name = day.path.split(separator: "/").last.map(String.init) ?? day.path
        try transaction.replace(JournalLayout.join(folder, name), with: day.contents ?? [])
      }
      try transaction.replace(JournalLayout(journal: folder).ingredients, with: ingredientsText)
      let last = days.last?.date ?? CivilDate(dayNumber: 0)
      for file in recipeFiles + [planFile(endingOn: last)] {
        try transaction.replace(JournalLayout.join(folder, file.path), with: file.bytes)
      }
      try transaction.commit()
      return transaction.paths
    }
  }
}
