import DemeterFoundation
import DemeterJournal

/// Changing a stored recipe in place (`recipe edit`, `recipe note`, `recipe book add|rm`): the file
/// is read, changed and written back under one hold of the journal lock, so concurrent changes to a
/// recipe all land (none reads a recipe another is about to rewrite).
extension RecipeStore {
  /// What `update` did.
  public enum UpdateOutcome: Sendable {
    /// The file was rewritten with the changed recipe (canonical form).
    case changed(Recipe)
    /// The change left the file's bytes as they were; nothing was written.
    case unchanged(Recipe)
    /// There is no recipe with the id.
    case notFound
    /// The stored file has an error (its document says which); nothing was written.
    case unreadable(RecipeDocument)
    /// The change refused itself with this message; nothing was written.
    case refused(String)
    /// The changed recipe breaks a rule of the file format (the problems, located in its canonical
    /// text named `<changed ID>`); nothing was written.
    case invalid([Diagnostic])
  }

  /// Files written or removed beside a recipe in the same hold of the lock as its change (its
  /// media, `RecipeStore+Media`): `before` runs once the changed recipe is known valid, just before
  /// its file is written; `after` once it is written. Neither runs when nothing is written.
  public struct Alongside {
    public var before: (Recipe) throws(ModelError) -> Void
    public var after: (Recipe) throws(ModelError) -> Void

    public init(
      before: @escaping (Recipe) throws(ModelError) -> Void = { _ in },
      after: @escaping (Recipe) throws(ModelError) -> Void = { _ in }
    ) {
      self.before = before
      self.after = after
    }
  }

  /// Reads the recipe `id`, lets `change` modify it (or refuse with a message) and writes it back in
  /// canonical form, all under the journal lock, with the files `alongside`; the id cannot change.
  /// - Throws: `ModelError.validationError` when the changed file would be over its reader's limit;
  ///   `ModelError.persistenceError` when the lock cannot be taken or the file not read or
  ///   written.
  public func update(
    _ id: String, _ change: (inout Recipe) -> String?, alongside: Alongside = Alongside()
  ) throws(ModelError) -> UpdateOutcome {
    let target = path(of: id)
    return try JournalFileWrite.withLock(
      on: target, journal: journal, waiting: lockWaiting, refusal: "not written"
    ) {
      () throws(ModelError) in
      guard let document = try read(id) else { return .notFound }
      guard var recipe = document.recipe else { return .unreadable(document) }
      if let refusal = change(&recipe) { return .refused(refusal) }
      guard recipe.id == id else { return .refused("a recipe's id cannot change (it names its file)") }
      let bytes = RecipeEncoder.bytes(recipe)
      let changed = RecipeDocument(bytes: bytes, path: "<changed \(id)>")
      guard changed.diagnostics.isEmpty else { return .invalid(changed.diagnostics) }
      if (try? FileBytes.read(target, limit: .recipe)) == bytes { return .unchanged(recipe) }
      try alongside.before(recipe)
      try JournalFileWrite.write(bytes, to: target, limit: .recipe)
      try alongside.after(recipe)
      return .changed(recipe)
    }
  }
}
