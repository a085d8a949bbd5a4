import BuiltInIngredients
import DemeterCore
import DemeterReporting

/// Changes to a journal's own ingredients (manual: foods): each reads and writes
/// `<journal>/ingredients.jsonl` under the journal lock, writes it once, atomically (temporary file,
/// flush, rename), and leaves every line it does not change byte-identical; what changed is said on
/// standard output unless `quiet`.
public struct IngredientFileChanges: Sendable {
  /// The journal folder.
  public let journal: String
  /// How a change waits for the journal lock.
  public let lockWaiting: JournalLock.Waiting
  /// Nothing said of what changed.
  public var quiet = false

  public init(journal: String, lockWaiting: JournalLock.Waiting) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  /// Adds `ingredient`.
  /// - Throws: a usage error when an ingredient of its id is already there; an I/O error when the
  ///   file cannot be read or written.
  public func add(_ ingredient: Ingredient, _ console: inout Console) throws(CommandError) {
    try change { file throws(CommandError) in
      do throws(ModelError) {
        try file.insert(ingredient)
      } catch {
        throw .usage(
          "an ingredient with the id '\(TextEscaping.singleLine(ingredient.id))' already exists in "
            + "\(IngredientDatabase.fileName); choose another id, or import a file to update it")
      }
      return true
    }
    if !quiet {
      console.print(
        "added \(TextEscaping.singleLine(ingredient.id)) (\(TextEscaping.singleLine(ingredient.name))) to "
          + TextEscaping.singleLine(IngredientRepository(journal: journal).path))
    }
  }

  /// Removes the ingredient `id`; unless `force`, not while entries name it (counted through the
  /// journal's cache when `usesCache`).
  /// - Throws: a usage error naming the closest id when there is none, or when entries use it.
  public func remove(_ id: String, force: Bool, usesCache: Bool, _ console: inout Console)
    throws(CommandError)
  {
    var removed: Ingredient?
    let path = try change { file throws(CommandError) in
      do throws(ModelError) {
        removed = try file.remove(id: id)
      } catch {
        var message =
          "\(IngredientDatabase.fileName) has no ingredient with the id '\(TextEscaping.singleLine(id))'"
        if BuiltInIngredients.table.position(ofID: id) != nil {
          message += "; it is a built-in food, which cannot be removed"
        } else if let near = Suggestion.closest(to: id, among: file.ingredients.map(\.id)) {
          message += "; did you mean '\(TextEscaping.singleLine(near))'?"
        }
        throw .usage(message)
      }
      let uses = IngredientUsageCache.uses(journal: journal, usingCache: usesCache)
      if let removed, let count = uses[removed.id], count > 0, !force {
        throw .usage(
          "\(count: count, "entry uses", plural: "entries use") \(TextEscaping.singleLine(removed.id)) "
            + "(\(TextEscaping.singleLine(removed.name))) as their matchedIngredientID; they would keep their "
            + "nutrition but name a food the journal no longer has"
            + (BuiltInIngredients.table.position(ofID: removed.id) != nil
              ? " (the built-in food of that id instead)" : "")
            + "; give --force to remove it anyway")
      }
      return true
    }
    if !quiet, let removed {
      console.print(
        "removed \(TextEscaping.singleLine(removed.id)) (\(TextEscaping.singleLine(removed.name))) from "
          + TextEscaping.singleLine(path))
    }
  }

  /// Merges the ingredients file `bytes` read from `source` into the journal's (`IngredientFile.merge`),
  /// saying each invalid line.
  /// - Returns: whether every line was valid.
  public func importFile(_ bytes: [UInt8], source: String, _ console: inout Console) throws(CommandError)
    -> Bool
  {
    var result = IngredientImportResult()
    let path = try change { file throws(CommandError) in
      result = file.merge(bytes: bytes, sourcePath: source)
      return result.changed
    }
    for diagnostic in result.diagnostics { console.error(diagnostic.rendered) }
    let invalid = result.diagnostics.count
    if !quiet {
      console.print(
        "imported \(TextEscaping.singleLine(source)) into \(TextEscaping.singleLine(path)): "
          + "\(result.added) added, \(result.updated) updated, \(result.unchanged) unchanged, "
          + "\(count: invalid, "invalid line")")
    }
    return invalid == 0
  }

  /// One read-change-write of the file under the journal lock: `body` changes it and says whether
  /// it is written.
  /// - Returns: the file's path.
  @discardableResult
  private func change(_ body: (inout IngredientFile) throws(CommandError) -> Bool) throws(CommandError)
    -> String
  {
    let lock: JournalLock
    do throws(ModelError) {
      lock = try JournalLock(journal: journal, waiting: lockWaiting)
    } catch {
      throw .io(error.message)
    }
    defer { lock.release() }
    var file = try IngredientFile.of(journal: journal)
    if try body(&file) {
      do throws(ModelError) {
        try file.write()
      } catch {
        throw .io(error.message)
      }
    }
    return file.path
  }
}
