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

  /// Reads the recipe `id`, lets `change` modify it (or refuse with a message) and writes it back in
  /// canonical form, all under the journal lock; the id cannot change.
  /// - Throws: `ModelError.validationError` when the changed file would be over its reader's limit;
  ///   `ModelError.persistenceError` when the lock cannot be taken or the file not read or
  ///   written.
  public func update(_ id: String, _ change: (inout Recipe) -> String?) throws(ModelError) -> UpdateOutcome {
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
      try JournalFileWrite.write(bytes, to: target, limit: .recipe)
      return .changed(recipe)
    }
  }
}
