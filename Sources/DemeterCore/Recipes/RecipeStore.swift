import DemeterFoundation
import DemeterJournal

/// The recipes of a journal, `<journal>/recipes/ID.json` (one recipe a file, named for its id).
/// Reading needs no lock; a change takes the journal lock, and a written file goes through
/// `AtomicFileWriter` (temporary file, flush, rename) in canonical form (`RecipeEncoder`), so a
/// reader never sees half a recipe and concurrent writers never lose one (manual: writing).
public struct RecipeStore: Sendable {
  /// The journal folder.
  public let journal: String
  /// How a change waits for the journal lock.
  public var lockWaiting: JournalLock.Waiting

  public init(journal: String, lockWaiting: JournalLock.Waiting = JournalLock.Waiting()) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  /// `<journal>/recipes`.
  public var folder: String { JournalLayout(journal: journal).recipes }

  /// The file of the recipe with this id.
  public func path(of id: String) -> String { JournalLayout(journal: journal).recipe(named: id) }

  /// The ids of the recipe files (`ID.json` with a valid id; hidden files and others are left
  /// out), in byte order; none when there is no recipes folder.
  public func ids() -> [String] {
    let suffix = JournalLayout.recipeFileExtension
    return (DirectoryEntries.names(in: folder) ?? []).compactMap { name in
      guard name.hasSuffix(suffix) else { return nil }
      let id = String(name.dropLast(suffix.count))
      return Recipe.isValidID(id) ? id : nil
    }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The recipe file of `id`, read and checked to hold that id; nil when there is none.
  /// - Throws: `ModelError.persistenceError` when it exists but cannot be read.
  public func read(_ id: String) throws(ModelError) -> RecipeDocument? {
    guard Recipe.isValidID(id), var document = try RecipeDocument.read(path: path(of: id)) else { return nil }
    document.requireID(id)
    return document
  }

  /// Every recipe file, in id order.
  /// - Throws: `ModelError.persistenceError` when one cannot be read.
  public func readAll() throws(ModelError) -> [RecipeDocument] {
    var documents: [RecipeDocument] = []
    for id in ids() {
      if let document = try read(id) { documents.append(document) }
    }
    return documents
  }

  /// Every problem of the recipe files, in id order, for `check`: each file's own (`RecipeDocument`),
  /// and, for a valid file, an ingredient or portion that `ingredient` cannot resolve, or warnings
  /// for dietary flags its ingredients contradict (`DietaryCheck`).
  public func problems(ingredient: (String) -> Ingredient?) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for id in ids() {
      let document: RecipeDocument?
      do throws(ModelError) {
        document = try read(id)
      } catch {
        problems.append(Diagnostic.unreadableFile(path(of: id), error.message))
        continue
      }
      guard let document else { continue }
      problems += document.diagnostics
      guard let recipe = document.recipe else { continue }
      problems += document.missingMediaWarnings(missingMedia(of: recipe), folder: mediaFolder(of: id))
      do throws(Diagnostic) {
        problems += document.dietaryWarnings(try document.nutrition(ingredient: ingredient))
      } catch {
        problems.append(error)
      }
    }
    return problems
  }

  /// What `save` did.
  public typealias SaveOutcome = JournalFileWrite.Outcome

  /// Writes `recipe` to its file in canonical form, under the journal lock, creating the recipes
  /// folder if needed; an existing file is replaced only when `replacing`.
  /// - Throws: `ModelError.validationError` when the file would be over its reader's limit;
  ///   `ModelError.persistenceError` when the lock cannot be taken or the file not written.
  public func save(_ recipe: Recipe, replacing: Bool) throws(ModelError) -> SaveOutcome {
    try JournalFileWrite.save(
      RecipeEncoder.bytes(recipe), to: path(of: recipe.id), limit: .recipe, journal: journal,
      waiting: lockWaiting, replacing: replacing)
  }

  /// Removes the recipe file of `id`, under the journal lock.
  /// - Returns: whether there was one.
  /// - Throws: `ModelError.persistenceError` when the lock cannot be taken or the file not removed.
  @discardableResult
  public func remove(_ id: String) throws(ModelError) -> Bool {
    guard Recipe.isValidID(id) else { return false }
    return try JournalFileWrite.remove(path(of: id), journal: journal, waiting: lockWaiting)
  }
}
