import DemeterFoundation
import DemeterJournal

/// The meal plans of a journal, `<journal>/plans/NAME.json` (one plan a file, named for its
/// period: `MealPlan.name`). Reading needs no lock; a change takes the journal lock and is written
/// atomically in canonical form (`JournalFileWrite`, `PlanEncoder`), as recipes are.
public struct PlanStore: Sendable {
  /// The journal folder.
  public let journal: String
  /// How a change waits for the journal lock.
  public var lockWaiting: JournalLock.Waiting

  public init(journal: String, lockWaiting: JournalLock.Waiting = JournalLock.Waiting()) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  /// `<journal>/plans`.
  public var folder: String { JournalLayout(journal: journal).plans }

  /// The file of the plan named `name`.
  public func path(of name: String) -> String { JournalLayout(journal: journal).plan(named: name) }

  /// The names of the plan files (`NAME.json` whose NAME is a plan's name; hidden files and others
  /// are left out), in byte order; none when there is no plans folder.
  public func names() -> [String] {
    let suffix = JournalLayout.planFileExtension
    return (DirectoryEntries.names(in: folder) ?? []).compactMap { file in
      guard file.hasSuffix(suffix) else { return nil }
      let name = String(file.dropLast(suffix.count))
      return Self.period(named: name) != nil ? name : nil
    }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The period a plan file's name stands for, if it is a plan's name.
  public static func period(named name: String) -> Period? {
    guard name.utf8.allSatisfy({ $0 >= 0x21 && $0 < 0x7F && $0 != UInt8(ascii: "/") }),
      let period = try? Period.parse(name, today: CivilDate(dayNumber: 0), weekStart: .monday),
      MealPlan.name(of: period) == name
    else { return nil }
    return period
  }

  /// The plan file named `name`, read and checked to plan that period; nil when there is none.
  /// - Throws: `ModelError.persistenceError` when it exists but cannot be read.
  public func read(_ name: String) throws(ModelError) -> PlanDocument? {
    guard Self.period(named: name) != nil, var document = try PlanDocument.read(path: path(of: name)) else {
      return nil
    }
    document.requireName(name)
    return document
  }

  /// Every plan file, in name order.
  /// - Throws: `ModelError.persistenceError` when one cannot be read.
  public func readAll() throws(ModelError) -> [PlanDocument] {
    var documents: [PlanDocument] = []
    for name in names() {
      if let document = try read(name) { documents.append(document) }
    }
    return documents
  }

  /// Every problem of the plan files, in name order, for `check`: each file's own (`PlanDocument`)
  /// and, for a valid file, an item whose recipe or ingredient cannot be resolved and a day that an
  /// earlier plan already plans (`overlaps`).
  public func problems(recipe: (String) -> Recipe?, ingredient: (String) -> Ingredient?) -> [Diagnostic] {
    let files = names().map { name in (name, Result { () throws(ModelError) in try read(name) }) }
    let overlaps = Self.overlaps(files.compactMap { try? $0.1.get()?.plan })
    var problems: [Diagnostic] = []
    for (name, file) in files {
      let document: PlanDocument
      switch file {
      case .failure(let error):
        problems.append(Diagnostic.unreadableFile(path(of: name), error.message))
        continue
      case .success(nil):
        continue
      case .success(let read?):
        document = read
      }
      problems += document.diagnostics
      guard let plan = document.plan else { continue }
      do throws(Diagnostic) {
        _ = try document.resolved(recipe: recipe, ingredient: ingredient)
      } catch {
        problems.append(error)
      }
      for overlap in overlaps where overlap.later == plan.name {
        problems.append(document.diagnostic(on: overlap.date, overlap.message))
      }
    }
    return problems
  }

  /// Writes `plan` to its file in canonical form, under the journal lock, creating the plans folder
  /// if needed; an existing file is replaced only when `replacing`. A plan for a day that another
  /// plan already plans is refused (a day has one plan).
  /// - Throws: `ModelError.validationError` when another plan plans one of its days, or the file
  ///   would be over its reader's limit; `ModelError.persistenceError` when the lock cannot be taken
  ///   or the file not written.
  public func save(_ plan: MealPlan, replacing: Bool) throws(ModelError) -> JournalFileWrite.Outcome {
    try JournalFileWrite.save(
      PlanEncoder.bytes(plan), to: path(of: plan.name), limit: .plan, journal: journal, waiting: lockWaiting,
      replacing: replacing
    ) { () throws(ModelError) in
      try requireOnlyPlan(plan)
    }
  }

  /// Removes the plan file named `name`, under the journal lock.
  /// - Returns: whether there was one.
  /// - Throws: `ModelError.persistenceError` when the lock cannot be taken or the file not removed.
  @discardableResult
  public func remove(_ name: String) throws(ModelError) -> Bool {
    guard Self.period(named: name) != nil else { return false }
    return try JournalFileWrite.remove(path(of: name), journal: journal, waiting: lockWaiting)
  }
}
